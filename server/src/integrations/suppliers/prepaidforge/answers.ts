import type { z } from 'zod';
import type { SupplierAnswer } from '../supplier-http.ts';
import { SupplierError, type SupplierErrorCode } from '../supplier.ts';
import { ErrorSchema, PPF_ERRORS } from './wire.ts';

/* Reading PrepaidForge's answers: a 2xx parsed against its wire shape, anything else a refusal. */

export const fail = (
  code: SupplierErrorCode,
  message: string,
  supplierCode: string | null = null,
) => new SupplierError('prepaidforge', code, message, supplierCode);

/** Our sandbox's `error` values (README.md) onto the marketplace's codes. */
const ERROR_CODES: Record<string, SupplierErrorCode> = {
  [PPF_ERRORS.invalidCredentials]: 'UNAUTHORIZED',
  [PPF_ERRORS.invalidToken]: 'UNAUTHORIZED',
  [PPF_ERRORS.productNotFound]: 'NOT_FOUND',
  [PPF_ERRORS.orderNotFound]: 'NOT_FOUND',
  [PPF_ERRORS.outOfStock]: 'OUT_OF_STOCK',
  [PPF_ERRORS.priceTooLow]: 'PRICE_CHANGED',
  [PPF_ERRORS.insufficientBalance]: 'INSUFFICIENT_BALANCE',
};

const isOk = (answer: SupplierAnswer) => answer.status >= 200 && answer.status < 300;

/** A non-2xx answer as the error it means; an `error` we do not know falls back on the status. */
export function refusal(answer: SupplierAnswer, what: string): SupplierError {
  const body = ErrorSchema.safeParse(answer.body);
  const error = body.success ? body.data.error : null;
  const byStatus: SupplierErrorCode =
    answer.status === 401 || answer.status === 403
      ? 'UNAUTHORIZED'
      : answer.status === 404
        ? 'NOT_FOUND'
        : 'REJECTED';
  const code = (error !== null ? ERROR_CODES[error] : undefined) ?? byStatus;
  const detail = body.success && body.data.message ? `: ${body.data.message}` : '';
  return fail(code, `PrepaidForge refused the ${what}${detail}`, error ?? String(answer.status));
}

/** The body of a 2xx answer in its wire shape; a malformed one counts as the supplier being off. */
export function parse<S extends z.ZodType>(
  schema: S,
  answer: SupplierAnswer,
  what: string,
): z.infer<S> {
  if (!isOk(answer)) throw refusal(answer, what);
  const parsed = schema.safeParse(answer.body);
  if (parsed.success) return parsed.data;
  throw fail('UNAVAILABLE', `PrepaidForge answered an unexpected ${what}`, 'malformed-answer');
}

/** A decimal amount (two places in every currency we trade) as integer cents. */
export const toCents = (amount: number) => Math.round(amount * 100);
