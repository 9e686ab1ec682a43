import { describe, expect, it } from 'vitest';
import {
  ADMIN_REASONS,
  canTransition,
  ORDER_ACTORS,
  ORDER_REASONS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderActor,
  type OrderStatus,
} from './order-status.ts';

/** The allowed moves, written out by hand: the table must say exactly this. */
const ALLOWED: Array<[OrderStatus, OrderStatus, OrderActor]> = [
  ['pending', 'approved', 'System'],
  ['pending', 'review', 'System'],
  ['pending', 'declined', 'System'],
  ['pending', 'declined_fraud', 'System'],
  ['pending', 'declined_business', 'System'],
  ['pending', 'cancelled', 'System'],
  ['pending', 'cancelled', 'Admin'],
  ['review', 'approved', 'Admin'],
  ['review', 'declined', 'Admin'],
  ['review', 'declined_fraud', 'Admin'],
  ['review', 'declined_business', 'Admin'],
  ['review', 'cancelled', 'Admin'],
  ['declined', 'approved', 'Admin'],
  ['declined_fraud', 'approved', 'Admin'],
  ['declined_business', 'approved', 'Admin'],
  ['approved', 'charged_back', 'System'],
];
const key = (from: string, to: string, actor: string) => `${from} → ${to} by ${actor}`;
const allowed = new Set(ALLOWED.map(([f, t, a]) => key(f, t, a)));

const every = ORDER_STATUSES.flatMap((from) =>
  ORDER_STATUSES.flatMap((to) => ORDER_ACTORS.map((actor) => ({ from, to, actor }))),
);

describe('ORDER_TRANSITIONS', () => {
  it.each(ALLOWED.map(([from, to, actor]) => ({ from, to, actor })))(
    'allows $from → $to by $actor',
    ({ from, to, actor }) => expect(canTransition(from, to, actor)).toBe(true),
  );

  it.each(every.filter(({ from, to, actor }) => !allowed.has(key(from, to, actor))))(
    'refuses $from → $to by $actor',
    ({ from, to, actor }) => expect(canTransition(from, to, actor)).toBe(false),
  );

  it('covers every status, and no status moves to itself', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const s of ORDER_STATUSES) expect(ORDER_TRANSITIONS[s][s]).toBeUndefined();
  });

  it('keeps cancelled and charged back final, and approved final but for a chargeback', () => {
    expect(ORDER_TRANSITIONS.approved).toEqual({ charged_back: ['System'] });
    expect(ORDER_TRANSITIONS.cancelled).toEqual({});
    expect(ORDER_TRANSITIONS.charged_back).toEqual({});
  });

  it('lets only the System record a chargeback, and only of a delivered order', () => {
    expect(canTransition('approved', 'charged_back', 'Admin')).toBe(false);
    for (const from of ORDER_STATUSES.filter((s) => s !== 'approved')) {
      expect(canTransition(from, 'charged_back', 'System'), from).toBe(false);
    }
  });

  it('never lets an admin approve an unpaid order', () => {
    expect(canTransition('pending', 'approved', 'Admin')).toBe(false);
  });
});

describe('ADMIN_REASONS', () => {
  it('keeps the spec’s five reasons word for word', () => {
    expect(Object.values(ORDER_REASONS)).toEqual(
      expect.arrayContaining([
        'Approved by Admin, previous was declined',
        'Approved with correct payment execution',
        'Approved because it is a software product',
        'Cancelled by Admin, manual execution',
        'Cancelled by automatic execution',
      ]),
    );
  });

  it('leads only to statuses an admin can reach', () => {
    for (const to of Object.values(ADMIN_REASONS)) {
      expect(
        ORDER_STATUSES.some((from) => canTransition(from, to, 'Admin')),
        to,
      ).toBe(true);
    }
  });
});
