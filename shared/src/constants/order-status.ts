import { z } from 'zod';

/**
 * An order's life (spec section 4). `pending` and `review` are ours: an order exists before it
 * is paid (its keys are reserved while the buyer pays) and a paid order may wait for a person.
 * The next five are the spec's decisions. `charged_back` is ours too: the buyer's bank or PayPal
 * took the money of a delivered order back (a chargeback or reversal).
 */
export const ORDER_STATUSES = [
  'pending',
  'review',
  'approved',
  'declined',
  'cancelled',
  'declined_fraud',
  'declined_business',
  'charged_back',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const OrderStatusSchema = z.enum(ORDER_STATUSES);

/** Who decided (spec section 4): a person in the admin console, or the shop itself. */
export const ORDER_ACTORS = ['Admin', 'System'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];
export const OrderActorSchema = z.enum(ORDER_ACTORS);

/** The spec's five reasons, word for word, then ours in the same style. */
export const ORDER_REASONS = {
  adminReapproved: 'Approved by Admin, previous was declined',
  paymentOk: 'Approved with correct payment execution',
  software: 'Approved because it is a software product',
  adminCancelled: 'Cancelled by Admin, manual execution',
  autoCancelled: 'Cancelled by automatic execution',
  adminReviewed: 'Approved by Admin, manual review',
  paymentFailed: 'Declined because the payment failed',
  adminDeclined: 'Declined by Admin, manual execution',
  adminDeclinedFraud: 'Declined by Admin as fraud, manual execution',
  adminDeclinedBusiness: 'Declined by Admin for business rules, manual execution',
  buyerCancelled: 'Cancelled by the buyer, payment abandoned',
} as const;

/** A chargeback's reason names the provider's event (`PAYMENT.CAPTURE.REVERSED`, `payment_chargeback`). */
export const chargebackReason = (event: string) => `Charged back by the payment provider: ${event}`;

/** The reasons of automatic screening name the rule that fired. */
export const fraudDeclineReason = (rule: string) => `Declined by fraud screening: ${rule}`;
export const businessDeclineReason = (rule: string) => `Declined by business rules: ${rule}`;
export const reviewReason = (rule: string) => `Held for manual review: ${rule}`;

/**
 * The decisions an admin takes on an order (`POST /api/admin/orders/:id/<action>`); the reason
 * sent with one picks the status it leads to (`ADMIN_REASONS`).
 */
export const ADMIN_ORDER_ACTIONS = ['approve', 'decline', 'cancel'] as const;
export type AdminOrderAction = (typeof ADMIN_ORDER_ACTIONS)[number];
export const AdminOrderActionSchema = z.enum(ADMIN_ORDER_ACTIONS);

/**
 * What an admin may give as the reason of each decision, and so the status it leads to: the
 * admin console's approve / decline / cancel buttons pick from these.
 */
export const ADMIN_REASONS = {
  [ORDER_REASONS.adminReviewed]: 'approved',
  [ORDER_REASONS.adminReapproved]: 'approved',
  [ORDER_REASONS.adminDeclined]: 'declined',
  [ORDER_REASONS.adminDeclinedFraud]: 'declined_fraud',
  [ORDER_REASONS.adminDeclinedBusiness]: 'declined_business',
  [ORDER_REASONS.adminCancelled]: 'cancelled',
} as const satisfies Record<string, OrderStatus>;
export type AdminReason = keyof typeof ADMIN_REASONS;
export const AdminReasonSchema = z.enum(Object.keys(ADMIN_REASONS) as [AdminReason]);

const SYSTEM: OrderActor[] = ['System'];
const ADMIN: OrderActor[] = ['Admin'];
const BOTH: OrderActor[] = ['Admin', 'System'];

/**
 * Every allowed move, and who may make it. Anything not listed is refused (409), on the server.
 * Refunds are not transitions: an approved order keeps its status and records refunded cents.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, Partial<Record<OrderStatus, OrderActor[]>>> = {
  pending: {
    // Paid and screened clean: keys are delivered at once. Never an admin: that would give
    // away keys nobody paid for.
    approved: SYSTEM,
    // Paid, but screening wants a person to look (keys stay reserved, the deadline no longer runs).
    review: SYSTEM,
    // The payment failed or was refused by the provider.
    declined: SYSTEM,
    // Screening refused the buyer, the address or the instrument.
    declined_fraud: SYSTEM,
    // A business rule refused the sale (blocked user, region).
    declined_business: SYSTEM,
    // The reservation ran out unpaid (System), or an admin stops an unpaid order.
    cancelled: BOTH,
  },
  review: {
    // The manual review itself: only a person ends it, with any of the decisions.
    approved: ADMIN,
    declined: ADMIN,
    declined_fraud: ADMIN,
    declined_business: ADMIN,
    cancelled: ADMIN,
  },
  // A decline can be overturned by a person (re-approve, "previous was declined"); the keys are
  // reserved again first, so it may fail when the offer has sold out meanwhile.
  declined: { approved: ADMIN },
  declined_fraud: { approved: ADMIN },
  declined_business: { approved: ADMIN },
  // The keys are delivered; money goes back through refunds, which keep the status. Only the
  // provider can take it back on its own (a chargeback): the System records it, never a person.
  approved: { charged_back: SYSTEM },
  // Final: the money went back to the buyer's bank; unrevealed keys were revoked.
  charged_back: {},
  // Final: the keys went back to stock and the buyer walked away (or was stopped).
  cancelled: {},
};

/** Whether `actor` may move an order from `from` to `to`. */
export function canTransition(from: OrderStatus, to: OrderStatus, actor: OrderActor): boolean {
  return ORDER_TRANSITIONS[from][to]?.includes(actor) ?? false;
}

/** The statuses whose order holds reserved keys (they are sold on approval, released otherwise). */
export const RESERVING_STATUSES = ['pending', 'review'] as const satisfies OrderStatus[];
