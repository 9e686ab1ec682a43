import type { Order, OrderItem, UserReview } from '@market/shared';

/**
 * Whether the buyer may review this line: the order completed, a unit delivered, the line not
 * refunded (the API checks the same and answers 409 otherwise).
 */
export function isReviewable(order: Pick<Order, 'status'>, item: OrderItem): boolean {
  return order.status === 'approved' && item.deliveredCount > 0 && item.refundedCents === 0;
}

/** The buyer's reviews by the order line they review. */
export function reviewsByItem(reviews: readonly UserReview[]): Map<string, UserReview> {
  return new Map(reviews.map((r) => [r.itemId, r]));
}
