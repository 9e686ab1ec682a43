import { schemaValidator } from '@market/console-kit';
import { CommissionRuleWriteSchema, CURRENCIES } from '@market/shared';

type Values = Record<string, unknown>;

const intOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const textOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** The API body from the form: an empty category or seller is "any" (null). */
export function toCommissionBody(values: Values): Record<string, unknown> {
  const fees = (values['feeCents'] ?? {}) as Values;
  return {
    categoryId: textOrNull(values['categoryId']),
    sellerId: textOrNull(values['sellerId']),
    rateBps: intOr(values['rateBps'], -1),
    feeCents: Object.fromEntries(CURRENCIES.map((c) => [c, intOr(fees[c], 0)])),
    note: typeof values['note'] === 'string' ? values['note'] : '',
  };
}

const validateBody = schemaValidator(CommissionRuleWriteSchema);
export const validateCommissionRule = (values: Values) => validateBody(toCommissionBody(values));
