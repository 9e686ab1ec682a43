import { describe, expect, it } from 'vitest';
import { priceRange } from './offer-prices.ts';

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
