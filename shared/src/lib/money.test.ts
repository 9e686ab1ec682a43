import { describe, expect, it } from 'vitest';
import { convertCents, pricesFromEur, toCents } from './money.ts';

describe('toCents', () => {
  it.each([
    [4.99, 499],
    [1.005, 101],
    [0.1 + 0.2, 30],
    [19.999, 2000],
    [-2.345, -235],
    [0, 0],
  ])('rounds %d to %i cents', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it('refuses what is not an amount', () => {
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
  });
});

describe('convertCents', () => {
  it('converts with a rate and rounds to cents', () => {
    expect(convertCents(999, 1.08)).toBe(1079); // 10.7892
    expect(convertCents(1000, 0.8567)).toBe(857);
  });

  it('refuses fractional cents and non-positive rates', () => {
    expect(() => convertCents(9.5, 1)).toThrow(RangeError);
    expect(() => convertCents(100, 0)).toThrow(RangeError);
  });

  it('gives a EUR-only offer its USD and GBP prices', () => {
    expect(pricesFromEur(2499, { eur: 1, usd: 1.08, gbp: 0.86 })).toEqual({
      eur: 2499,
      usd: 2699,
      gbp: 2149,
    });
  });
});
