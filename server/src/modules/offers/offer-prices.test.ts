import { describe, expect, it } from 'vitest';
import { completePrices, keepConversions, priceRange } from './offer-prices.ts';

const RATES = { eur: 1, usd: 1.08, gbp: 0.86 };

describe('priceRange', () => {
  it('gives the lowest and highest price per currency', () => {
    const range = priceRange([
      { prices: { eur: 500, usd: 540, gbp: 430 } },
      { prices: { eur: 300, usd: 700, gbp: 260 } },
    ]);
    expect(range).toEqual({
      eurMin: 300,
      eurMax: 500,
      usdMin: 540,
      usdMax: 700,
      gbpMin: 260,
      gbpMax: 430,
    });
  });

  it('is empty when nobody sells the product', () => {
    expect(priceRange([]).eurMin).toBeNull();
  });
});

describe('completePrices', () => {
  it('converts the missing prices from EUR, rounded to cents, and says which', () => {
    expect(completePrices({ eur: 1999 }, RATES)).toEqual({
      prices: { eur: 1999, usd: 2159, gbp: 1719 },
      convertedCurrencies: ['usd', 'gbp'],
    });
  });

  it('keeps the prices the seller gives', () => {
    expect(completePrices({ eur: 1000, usd: 1111 }, RATES)).toEqual({
      prices: { eur: 1000, usd: 1111, gbp: 860 },
      convertedCurrencies: ['gbp'],
    });
  });
});

describe('keepConversions', () => {
  const current = {
    prices: { eur: 1000, usd: 1080, gbp: 900 },
    convertedCurrencies: ['usd' as const],
  };

  it('leaves out a converted price sent back unchanged, so it stays converted', () => {
    expect(keepConversions({ eur: 2000, usd: 1080, gbp: 900 }, current)).toEqual({
      eur: 2000,
      gbp: 900,
    });
  });

  it('keeps a converted price the editor changed, and every price that was set', () => {
    expect(keepConversions({ eur: 1000, usd: 1200, gbp: 900 }, current)).toEqual({
      eur: 1000,
      usd: 1200,
      gbp: 900,
    });
  });
});
