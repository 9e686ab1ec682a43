import { TOTAL_CHANGED_FIELD, type CategoryId } from '@market/shared';

/*
 * The checkout's pure pieces: which failure an answer of `POST /api/user/checkout` is, and the
 * cookie the landing URL left the discount code in. No DOM, no fetch: unit-tested.
 */

/** The field the API names when an account product was not confirmed (spec section 3). */
export const ACCOUNT_CONFIRMATION_FIELD = 'confirmations.purchaseAccountProduct';

/**
 * What the checkout page does with a refused checkout:
 * - `signIn`: the session ended; sign in and come back;
 * - `emptyCart`: nothing left to pay for;
 * - `confirmAccount`: the cart holds a game account and the purchase was not confirmed;
 * - `coupon`: the discount code was refused (the message says why);
 * - `totalChanged`: the order would not cost the total shown (a price or a rate moved): nothing
 *   was placed; show the new total and let the buyer pay again;
 * - `outOfStock`: a line ran out; the server cart now holds it at quantity 0;
 * - `paymentUnavailable`: the payment provider could not be reached; try again or pick another;
 * - `failed`: anything else (the spec's "Something went wrong").
 */
export type CheckoutFailure =
  | 'signIn'
  | 'emptyCart'
  | 'confirmAccount'
  | 'coupon'
  | 'totalChanged'
  | 'outOfStock'
  | 'paymentUnavailable'
  | 'failed';

/** Sorts a refused checkout by its status and field errors (wave-2 checkout contract). */
export function checkoutFailure(
  status: number,
  errors: Readonly<Record<string, string>> = {},
): CheckoutFailure {
  const fields = Object.keys(errors);
  if (status === 401) return 'signIn';
  if (fields.includes(ACCOUNT_CONFIRMATION_FIELD)) return 'confirmAccount';
  if (fields.some((f) => f === 'couponCode' || f.startsWith('couponCode.'))) return 'coupon';
  if (status === 409 && fields.includes(TOTAL_CHANGED_FIELD)) return 'totalChanged';
  // A 409 names the line that ran short (`lines.<i>.quantity`, `products.<i>…`).
  if (status === 409) return 'outOfStock';
  if (status === 400) return 'emptyCart';
  if (status === 502 || status === 503 || status === 504) return 'paymentUnavailable';
  return 'failed';
}

/** The value of cookie `name` in a `document.cookie` string, or '' when it is not set. */
export function cookieValue(cookie: string, name: string): string {
  for (const part of cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return rest.join('=');
    }
  }
  return '';
}

/** Whether any of the lines with stock is a game account (their purchase needs confirming). */
export function holdsAccountProduct(
  lines: readonly { productId: string; quantity: number }[],
  categoryOf: ReadonlyMap<string, CategoryId>,
): boolean {
  return lines.some((l) => l.quantity > 0 && categoryOf.get(l.productId) === 'accounts');
}
