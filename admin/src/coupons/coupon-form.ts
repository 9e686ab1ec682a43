import { schemaValidator } from '@market/console-kit';
import {
  COUPON_FUNDERS,
  COUPON_KINDS,
  CURRENCIES,
  CouponWriteSchema,
  type Currency,
} from '@market/shared';

export const FUNDER_CHOICES = COUPON_FUNDERS.map((funder) => ({
  id: funder,
  name: `resources.coupons.funders.${funder}`,
}));

export const KIND_CHOICES = COUPON_KINDS.map((kind) => ({
  id: kind,
  name: `resources.coupons.kinds.${kind}`,
}));

/** A form's values or a whole record (react-admin sends every field back). */
type CouponFormValues = Record<string, unknown>;

const numberOrNull = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** Cents per currency as the API takes them: only the currencies given a number. */
function centsPerCurrency(value: unknown): Partial<Record<Currency, number>> {
  const given = (value ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    CURRENCIES.flatMap((currency) => {
      const cents = numberOrNull(given[currency]);
      return cents === null ? [] : [[currency, cents]];
    }),
  );
}

const instantOrNull = (value: unknown) =>
  typeof value === 'string' && value !== '' ? value : null;

/**
 * The API body from the coupon form: the percentage for a percent coupon, the amounts for a fixed
 * one (the other set to null, so switching kind drops it), empty limits and dates as null.
 */
export function toCouponBody(values: CouponFormValues): Record<string, unknown> {
  const kind = values['kind'];
  return {
    code: typeof values['code'] === 'string' ? values['code'] : '',
    kind,
    percentBps: kind === 'percent' ? numberOrNull(values['percentBps']) : null,
    amounts: kind === 'fixed' ? centsPerCurrency(values['amounts']) : null,
    minAmounts: centsPerCurrency(values['minAmounts']),
    validFrom: instantOrNull(values['validFrom']),
    validUntil: instantOrNull(values['validUntil']),
    usageLimit: numberOrNull(values['usageLimit']),
    perUserLimit: numberOrNull(values['perUserLimit']),
    categoryIds: Array.isArray(values['categoryIds']) ? values['categoryIds'] : [],
    sellerIds: Array.isArray(values['sellerIds']) ? values['sellerIds'] : [],
    active: values['active'] !== false,
    fundedBy: values['fundedBy'] === 'seller' ? 'seller' : 'marketplace',
  };
}

const validateBody = schemaValidator(CouponWriteSchema);

/**
 * Form-level validation with the shared schema. "Give an amount in a currency" concerns the
 * amounts as a whole: it is shown under the EUR amount, the first of them.
 */
export function validateCoupon(values: CouponFormValues) {
  const errors = validateBody(toCouponBody(values));
  if (typeof errors['amounts'] === 'string') errors['amounts'] = { eur: errors['amounts'] };
  return errors;
}

/** A date-time input's local `YYYY-MM-DDTHH:mm` → the instant the API takes; empty → null. */
export function toInstant(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}
