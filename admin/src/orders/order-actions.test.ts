import { ORDER_STATUSES, ORDER_TRANSITIONS } from '@market/shared';
import { describe, expect, it } from 'vitest';
import {
  ORDER_DECISION_CALLS,
  isLineRefundable,
  isRefundable,
  orderDecisionsFor,
  orderDecisionsFrom,
} from './order-actions.ts';
import { APPROVED_ORDER, REVIEW_ORDER } from './test-orders.ts';

describe('orderDecisionsFrom', () => {
  it.each([
    ['pending', ['cancel']],
    ['review', ['approve', 'decline', 'decline_fraud', 'decline_business', 'cancel']],
    ['declined', ['approve']],
    ['declined_fraud', ['approve']],
    ['declined_business', ['approve']],
    ['approved', []],
    ['cancelled', []],
  ] as const)('offers an admin exactly %j on a %s order', (status, decisions) => {
    expect(orderDecisionsFrom(status)).toEqual(decisions);
  });

  it('offers every move the transition table gives an admin, and no other', () => {
    for (const from of ORDER_STATUSES) {
      const allowed = Object.entries(ORDER_TRANSITIONS[from])
        .filter(([, actors]) => actors?.includes('Admin'))
        .map(([to]) => to)
        .sort();
      const offered = orderDecisionsFrom(from).map((name) => ORDER_DECISION_CALLS[name].to);
      expect([...new Set(offered)].sort(), from).toEqual(allowed);
    }
  });
});

describe('orderDecisionsFor', () => {
  it('does not offer to approve again a decline whose captured payment went back', () => {
    expect(orderDecisionsFor(REVIEW_ORDER)).toContain('approve');
    expect(orderDecisionsFor({ ...REVIEW_ORDER, status: 'declined_fraud' })).toEqual([]);
    const unpaid = { ...REVIEW_ORDER.payment!, status: 'failed' as const };
    expect(orderDecisionsFor({ status: 'declined', payment: unpaid })).toEqual(['approve']);
  });
});

describe('refunds offered', () => {
  it('refunds an approved order’s captured payment until all of it went back', () => {
    expect(isRefundable(APPROVED_ORDER)).toBe(true);
    expect(isRefundable(REVIEW_ORDER)).toBe(false);
    expect(isRefundable({ ...APPROVED_ORDER, refundedCents: APPROVED_ORDER.totals.total })).toBe(
      false,
    );
    expect(isRefundable({ ...APPROVED_ORDER, payment: null })).toBe(false);
    expect(
      isRefundable({
        ...APPROVED_ORDER,
        payment: { ...APPROVED_ORDER.payment!, status: 'failed' },
      }),
    ).toBe(false);
  });

  it('refunds a line of a delivered order only once', () => {
    const line = APPROVED_ORDER.items[0]!;
    expect(isLineRefundable(APPROVED_ORDER, line)).toBe(true);
    expect(isLineRefundable(APPROVED_ORDER, { ...line, refundedCents: 1999 })).toBe(false);
    expect(isLineRefundable(REVIEW_ORDER, REVIEW_ORDER.items[0]!)).toBe(false);
  });
});
