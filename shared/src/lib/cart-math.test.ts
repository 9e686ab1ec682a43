import { describe, expect, it } from 'vitest';
import {
  addQuantity,
  allocate,
  couponDiscount,
  mergeLines,
  quantityTotal,
  roundPrice,
  summarize,
  type CouponLine,
  type CouponTerms,
} from './cart-math.ts';
import { vatTable } from './vat.ts';

const percent = (bps: number, extra: Partial<CouponTerms> = {}): CouponTerms => ({
  kind: 'percent',
  percentBps: bps,
  amounts: {},
  minAmounts: {},
  categoryIds: [],
  sellerIds: [],
  ...extra,
});
const fixed = (amounts: CouponTerms['amounts'], extra: Partial<CouponTerms> = {}): CouponTerms => ({
  ...percent(0, extra),
  kind: 'fixed',
  percentBps: null,
  amounts,
});
const line = (unitCents: number, quantity = 1, extra: Partial<CouponLine> = {}): CouponLine => ({
  sellerId: 's1',
  categoryId: 'games',
  unitCents,
  quantity,
  ...extra,
});

describe('addQuantity', () => {
  it('turns a zero (or missing) quantity into 1, as the spec says for add to cart', () => {
    expect(addQuantity(0)).toBe(1);
    expect(addQuantity(undefined)).toBe(1);
    expect(addQuantity(3)).toBe(3);
  });
});

describe('mergeLines', () => {
  it('adds units to the same offer and appends other offers', () => {
    const merged = mergeLines(
      [{ productId: 'p', sellerId: 'a', quantity: 1 }],
      [
        { productId: 'p', sellerId: 'a', quantity: 2 },
        { productId: 'p', sellerId: 'b', quantity: 1 },
        { productId: 'p', sellerId: 'b', quantity: 1 },
      ],
    );
    expect(merged).toEqual([
      { productId: 'p', sellerId: 'a', quantity: 3 },
      { productId: 'p', sellerId: 'b', quantity: 2 },
    ]);
    expect(quantityTotal(merged)).toBe(5);
  });

  it('stops a line at 99 units', () => {
    const merged = mergeLines(
      [{ productId: 'p', sellerId: 'a', quantity: 90 }],
      [{ productId: 'p', sellerId: 'a', quantity: 20 }],
    );
    expect(merged[0]!.quantity).toBe(99);
  });
});

describe('roundPrice', () => {
  it('rounds to cents, half away from zero', () => {
    expect(roundPrice(19.995)).toBe(20);
    expect(roundPrice(1.005)).toBe(1.01);
    expect(roundPrice(4.994)).toBe(4.99);
  });
});

describe('couponDiscount', () => {
  it('takes a percentage of the subtotal, rounded half away from zero', () => {
    // 10 % of 1995 cents is 199.5 → 200.
    const outcome = couponDiscount(percent(1000), [line(1995)], 'eur');
    expect(outcome).toMatchObject({ valid: true, discountCents: 200 });
  });

  it('takes a fixed amount in the cart’s currency, capped at the eligible subtotal', () => {
    expect(couponDiscount(fixed({ eur: 500 }), [line(1999)], 'eur').discountCents).toBe(500);
    expect(couponDiscount(fixed({ eur: 5000 }), [line(1999)], 'eur').discountCents).toBe(1999);
  });

  it('refuses a fixed coupon with no amount in the cart’s currency', () => {
    expect(couponDiscount(fixed({ eur: 500 }), [line(1999)], 'usd')).toMatchObject({
      valid: false,
      reason: 'currency',
    });
  });

  it('discounts only the lines in its scope', () => {
    const lines = [
      line(1000, 1, { categoryId: 'games' }),
      line(3000, 1, { categoryId: 'softwares' }),
      line(2000, 1, { categoryId: 'games', sellerId: 's2' }),
    ];
    const byCategory = couponDiscount(percent(1000, { categoryIds: ['games'] }), lines, 'eur');
    expect(byCategory).toEqual({ valid: true, discountCents: 300, perLine: [100, 0, 200] });
    const bySeller = couponDiscount(fixed({ eur: 5000 }, { sellerIds: ['s2'] }), lines, 'eur');
    expect(bySeller).toEqual({ valid: true, discountCents: 2000, perLine: [0, 0, 2000] });
  });

  it('refuses when no line is in scope', () => {
    const outcome = couponDiscount(percent(1000, { sellerIds: ['nobody'] }), [line(1000)], 'eur');
    expect(outcome).toMatchObject({ valid: false, reason: 'not_applicable' });
  });

  it('needs the minimum amount of the cart’s currency in scope', () => {
    const terms = percent(1000, { minAmounts: { eur: 2000 } });
    expect(couponDiscount(terms, [line(1999)], 'eur')).toMatchObject({
      valid: false,
      reason: 'minimum_not_reached',
    });
    expect(couponDiscount(terms, [line(1000, 2)], 'eur').valid).toBe(true);
    // No minimum named for USD: none applies.
    expect(couponDiscount(terms, [line(100)], 'usd').valid).toBe(true);
  });
});

describe('allocate', () => {
  it('splits cents in proportion, adding up exactly', () => {
    const shares = allocate(100, [1, 1, 1]);
    expect(shares).toEqual([34, 33, 33]);
    expect(allocate(7, [0, 10, 0])).toEqual([0, 7, 0]);
  });
});

describe('summarize', () => {
  const vat = vatTable(2200);

  it('shows the VAT inside gross prices, none on zero-VAT lines', () => {
    const totals = summarize(
      [
        { unitCents: 1220, quantity: 2, isZeroVat: false, discountCents: 0 },
        { unitCents: 1000, quantity: 1, isZeroVat: true, discountCents: 0 },
      ],
      vat,
    );
    expect(totals).toMatchObject({
      quantityTotal: 3,
      subtotalCents: 3440,
      discountCents: 0,
      vatIncludedCents: 440,
      totalCents: 3440,
    });
    expect(totals.lines[1]).toEqual({ lineCents: 1000, vatRateBps: 0, vatIncludedCents: 0 });
  });

  it('rounds the VAT per line, then sums (cents never drift)', () => {
    // 999 / 1.22 = 818.85… → VAT 180.15… → 180 per line, 360 for two lines.
    const totals = summarize(
      [
        { unitCents: 999, quantity: 1, isZeroVat: false, discountCents: 0 },
        { unitCents: 999, quantity: 1, isZeroVat: false, discountCents: 0 },
      ],
      vat,
    );
    expect(totals.vatIncludedCents).toBe(360);
    expect(totals.totalCents).toBe(1998);
  });

  it('takes the discount off the total and the VAT off what is paid', () => {
    const totals = summarize(
      [{ unitCents: 1220, quantity: 1, isZeroVat: false, discountCents: 122 }],
      vat,
    );
    expect(totals.totalCents).toBe(1098);
    expect(totals.vatIncludedCents).toBe(198);
  });
});
