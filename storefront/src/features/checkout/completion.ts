import type { OrderStatus } from '@market/shared';

/*
 * The return page's pure pieces: what the payment provider's return URL carries
 * (`/checkout/complete?order=<id>[&cancelled=1]`) and what the buyer is told for each status.
 */

export interface CompletionQuery {
  orderId: string;
  /** The buyer left the provider's page without paying. */
  cancelled: boolean;
}

const ORDER_ID = /^[0-9a-f]{24}$/i;

/** The order and the cancel flag of a return URL's query; null when it names no order. */
export function parseCompletion(search: string): CompletionQuery | null {
  const query = new URLSearchParams(search);
  const orderId = query.get('order') ?? '';
  if (!ORDER_ID.test(orderId)) return null;
  const cancelled = query.get('cancelled');
  return { orderId, cancelled: cancelled === '1' || cancelled === 'true' };
}

/**
 * What the buyer is told:
 * - `ready`: paid and approved, the keys are in the account;
 * - `review`: paid, held for a person to look at (keys follow by mail);
 * - `pending`: the payment is not settled yet (the page asks again, then says a mail will follow);
 * - `declined`, `declinedFraud`, `declinedBusiness`: refused, each with its own reason;
 * - `cancelled`: the buyer left the payment page; `expired`: the order ran out unpaid
 *   or was stopped.
 */
export type Outcome =
  | 'ready'
  | 'review'
  | 'pending'
  | 'declined'
  | 'declinedFraud'
  | 'declinedBusiness'
  | 'cancelled'
  | 'expired';

/** The outcome of an order status; `cancelledReturn` tells the buyer's cancel from an expiry. */
export function outcomeOf(status: OrderStatus, cancelledReturn: boolean): Outcome {
  switch (status) {
    case 'approved':
      return 'ready';
    case 'review':
      return 'review';
    case 'pending':
      return 'pending';
    case 'declined':
      return 'declined';
    case 'declined_fraud':
      return 'declinedFraud';
    case 'declined_business':
      return 'declinedBusiness';
    // Only ever long after the checkout (the bank took the money back): no longer a sale.
    case 'charged_back':
      return 'declined';
    case 'cancelled':
      return cancelledReturn ? 'cancelled' : 'expired';
  }
}

/**
 * The waits between looks at an order whose payment is still settling (about half a minute in
 * all): the webhook or the reconciliation usually settles it meanwhile. After the last one the
 * page says the result will come by mail.
 */
export const POLL_DELAYS_MS: readonly number[] = [1_500, 2_500, 4_000, 6_000, 10_000];
