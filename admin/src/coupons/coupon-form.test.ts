import { describe, expect, it } from 'vitest';
import { toCouponBody, toInstant, validateCoupon } from './coupon-form.ts';

const PERCENT = {
  code: 'SPRING10',
  kind: 'percent',
  percentBps: 1000,
  amounts: { eur: 500 },
  minAmounts: { eur: 2000, usd: null },
  validFrom: null,
  validUntil: '',
  usageLimit: 100,
  perUserLimit: null,
  categoryIds: ['games'],
  sellerIds: [],
  active: true,
};

describe('coupon form', () => {
  it('sends the percentage of a percent coupon, never amounts, and empty values as null', () => {
    expect(toCouponBody(PERCENT)).toEqual({
      code: 'SPRING10',
      kind: 'percent',
      percentBps: 1000,
      amounts: null,
      minAmounts: { eur: 2000 },
      validFrom: null,
      validUntil: null,
      usageLimit: 100,
      perUserLimit: null,
      categoryIds: ['games'],
      sellerIds: [],
      active: true,
      fundedBy: 'marketplace',
    });
    expect(validateCoupon(PERCENT)).toEqual({});
  });

  it('sends the amounts of a fixed coupon, never a percentage', () => {
    const body = toCouponBody({ ...PERCENT, kind: 'fixed', amounts: { eur: 500, gbp: 450 } });
    expect(body).toMatchObject({ percentBps: null, amounts: { eur: 500, gbp: 450 } });
  });

  it('marks what the API would refuse on its own field', () => {
    expect(validateCoupon({ ...PERCENT, code: 'a b', percentBps: null })).toMatchObject({
      code: expect.any(String),
      percentBps: 'Required for a percentage',
    });
    // No amount at all: shown under the first amount input.
    expect(validateCoupon({ ...PERCENT, kind: 'fixed', amounts: {} })).toEqual({
      amounts: { eur: 'Give an amount in a currency' },
    });
    expect(
      validateCoupon({
        ...PERCENT,
        validFrom: '2026-04-01T00:00:00.000Z',
        validUntil: '2026-03-01T00:00:00.000Z',
      }),
    ).toEqual({ validUntil: 'Must be after the start' });
  });

  it('reads a date-time input as an instant', () => {
    expect(toInstant('2026-04-01T10:30')).toBe(new Date('2026-04-01T10:30').toISOString());
    expect(toInstant('')).toBeNull();
  });
});
