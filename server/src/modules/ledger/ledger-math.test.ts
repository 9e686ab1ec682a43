import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '@market/shared';
import { releaseDate, reverseShare, roundShare, splitSale, type Amounts } from './ledger-math.ts';

const ZERO: Amounts = { grossCents: 0, sellerDiscountCents: 0, commissionCents: 0, netCents: 0 };
const add = (a: Amounts, b: Amounts): Amounts => ({
  grossCents: a.grossCents + b.grossCents,
  sellerDiscountCents: a.sellerDiscountCents + b.sellerDiscountCents,
  commissionCents: a.commissionCents + b.commissionCents,
  netCents: a.netCents + b.netCents,
});

describe('roundShare', () => {
  it('rounds half up on integers, mirrored for debits', () => {
    expect(roundShare(1999, 500, 10_000)).toBe(100); // 99.95 → 100
    expect(roundShare(1990, 500, 10_000)).toBe(100); // 99.5 → 100
    expect(roundShare(1989, 500, 10_000)).toBe(99); // 99.45 → 99
    expect(roundShare(-1990, 500, 10_000)).toBe(-100);
    expect(roundShare(1, 1, 3)).toBe(0);
    expect(roundShare(2, 1, 3)).toBe(1);
  });
});

describe('splitSale', () => {
  // The same cents in every currency: the arithmetic is per currency, never converted.
  for (const currency of CURRENCIES) {
    const fee = { eur: 30, usd: 35, gbp: 25 }[currency];
    it(`credits the seller the net of rate and fee in ${currency}`, () => {
      const split = splitSale({ unitPriceCents: 1999, quantity: 3, discountCents: 600 }, false, {
        rateBps: 750,
        feeCents: fee,
      });
      // 5997 × 7.5 % = 449.775 → 450, plus the fee; the marketplace funds the coupon.
      expect(split).toEqual({
        grossCents: 5997,
        sellerDiscountCents: 0,
        rateBps: 750,
        feeCents: fee,
        commissionCents: 450 + fee,
        netCents: 5997 - 450 - fee,
      });
      expect(split.netCents + split.commissionCents).toBe(split.grossCents);
    });

    it(`takes a seller-funded discount off the base first in ${currency}`, () => {
      const split = splitSale({ unitPriceCents: 1000, quantity: 2, discountCents: 333 }, true, {
        rateBps: 500,
        feeCents: fee,
      });
      // Base 1667; 5 % = 83.35 → 83.
      expect(split.sellerDiscountCents).toBe(333);
      expect(split.commissionCents).toBe(83 + fee);
      expect(split.netCents).toBe(1667 - 83 - fee);
    });
  }

  it('never charges more commission than the line is worth', () => {
    const split = splitSale({ unitPriceCents: 20, quantity: 1, discountCents: 0 }, false, {
      rateBps: 500,
      feeCents: 30,
    });
    expect(split).toMatchObject({ commissionCents: 20, netCents: 0 });
  });
});

describe('reverseShare', () => {
  const sale = splitSale({ unitPriceCents: 999, quantity: 3, discountCents: 100 }, true, {
    rateBps: 500,
    feeCents: 30,
  });

  it('reverses a whole line exactly (refund or chargeback)', () => {
    const back = reverseShare(sale, ZERO, 1, 1);
    expect(add(sale, back)).toEqual(ZERO);
  });

  it('reverses partial refunds in proportion, and to the cent once they add up to the line', () => {
    const paid = 2997 - 100;
    const first = reverseShare(sale, ZERO, 1000, paid);
    expect(first.netCents).toBe(-roundShare(sale.netCents, 1000, paid));
    expect(first.commissionCents).toBe(-roundShare(sale.commissionCents, 1000, paid));
    const second = reverseShare(sale, first, 1999, paid);
    const last = reverseShare(sale, add(first, second), paid, paid);
    expect(add(add(sale, first), add(second, last))).toEqual(ZERO);
  });

  it('a chargeback after a partial refund takes only what is left', () => {
    const refund = reverseShare(sale, ZERO, 1, 3);
    const chargeback = reverseShare(sale, refund, 1, 1);
    expect(sale.netCents + refund.netCents + chargeback.netCents).toBe(0);
    expect(sale.commissionCents + refund.commissionCents + chargeback.commissionCents).toBe(0);
  });
});

describe('holdback', () => {
  it('releases a credit the configured days after delivery', () => {
    const delivered = new Date('2026-03-01T10:00:00Z');
    expect(releaseDate(delivered, 7).toISOString()).toBe('2026-03-08T10:00:00.000Z');
    expect(releaseDate(delivered, 0)).toEqual(delivered);
  });
});
