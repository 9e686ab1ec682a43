import { describe, expect, it } from 'vitest';
import type { OrderItem, UserReview } from '@market/shared';
import { isReviewable, reviewsByItem } from './review-state.ts';

const item = (fields: Partial<OrderItem> = {}) =>
  ({ id: 'i1', deliveredCount: 1, refundedCents: 0, ...fields }) as OrderItem;

describe('isReviewable', () => {
  it('allows a delivered, unrefunded line of a completed order', () => {
    expect(isReviewable({ status: 'approved' }, item())).toBe(true);
  });

  it('refuses undelivered, refunded lines and orders not completed', () => {
    expect(isReviewable({ status: 'approved' }, item({ deliveredCount: 0 }))).toBe(false);
    expect(isReviewable({ status: 'approved' }, item({ refundedCents: 500 }))).toBe(false);
    expect(isReviewable({ status: 'pending' }, item())).toBe(false);
    expect(isReviewable({ status: 'charged_back' }, item())).toBe(false);
  });
});

describe('reviewsByItem', () => {
  it('keys the reviews by their order line', () => {
    const review = { id: 'r', itemId: 'i1' } as UserReview;
    expect(reviewsByItem([review]).get('i1')).toBe(review);
  });
});
