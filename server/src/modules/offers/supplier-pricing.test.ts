import { describe, expect, it } from 'vitest';
import { CURRENCIES, PRICE_ROUNDINGS, type SupplierPricing } from '@market/shared';
import { roundUp, supplierOfferPrices, type MarketplaceFees } from './supplier-pricing.ts';

const RATES = { eur: 1, usd: 1.08, gbp: 0.86 };
const NO_FEES: MarketplaceFees = { bps: 0, fixedCents: 0 };
const rule = (over: Partial<SupplierPricing> = {}): SupplierPricing => ({
  marginPercent: 10,
  marginFixedCents: 50,
  rounding: 'none',
  ...over,
});

const price = (args: {
  cents: number;
  currency?: 'eur' | 'usd' | 'gbp';
  pricing?: SupplierPricing;
  fees?: MarketplaceFees;
  vatBps?: number;
}) =>
  supplierOfferPrices({
    cost: { cents: args.cents, currency: args.currency ?? 'eur' },
    pricing: args.pricing ?? rule(),
    rates: RATES,
    fees: args.fees ?? NO_FEES,
    vatBps: args.vatBps ?? 0,
  });

describe('supplierOfferPrices', () => {
  it('adds the margin percentage and the fixed margin, and converts with the rates', () => {
    expect(price({ cents: 1000 })).toEqual({
      prices: { eur: 1150, usd: 1242, gbp: 989 },
      floorEurCents: 1000,
      floored: false,
    });
  });

  it('converts a cost in another currency to EUR first', () => {
    // 10.80 USD at 1.08 per EUR is 10.00 EUR: the same prices as a 10.00 EUR cost.
    expect(price({ cents: 1080, currency: 'usd' }).prices).toEqual(price({ cents: 1000 }).prices);
  });

  it('rounds each currency up to .99, or to the next .49 or .99', () => {
    expect(price({ cents: 1000, pricing: rule({ rounding: 'to99' }) }).prices).toEqual({
      eur: 1199,
      usd: 1299,
      gbp: 999,
    });
    expect(
      price({ cents: 1000, pricing: rule({ marginPercent: 5, rounding: 'to49or99' }) }).prices,
    ).toEqual({ eur: 1149, usd: 1199, gbp: 949 });
  });

  it('holds the price at the floor: cost back after VAT and fees', () => {
    // No margin, 22 % VAT, 5 % + 0.30 fees: 10.30 / (1/1.22 − 0.05) = 13.3824… → 13.39.
    const held = price({
      cents: 1000,
      pricing: rule({ marginPercent: 0, marginFixedCents: 0 }),
      fees: { bps: 500, fixedCents: 30 },
      vatBps: 2200,
    });
    expect(held).toEqual({
      prices: { eur: 1339, usd: 1446, gbp: 1151 },
      floorEurCents: 1339,
      floored: true,
    });
  });

  it('never leaves the seller below cost, whatever the rule and the currency', () => {
    const fees = { bps: 350, fixedCents: 25 };
    for (const cents of [1, 99, 1000, 4321, 99_999]) {
      for (const currency of CURRENCIES) {
        for (const rounding of PRICE_ROUNDINGS) {
          for (const marginPercent of [0, 3.5, 40]) {
            for (const vatBps of [0, 2200]) {
              const { prices } = price({
                cents,
                currency,
                pricing: rule({ marginPercent, marginFixedCents: 0, rounding }),
                fees,
                vatBps,
              });
              for (const c of CURRENCIES) {
                const rate = RATES[c];
                const kept = prices[c] / (1 + vatBps / 10_000) - prices[c] * 0.035 - 25 * rate;
                expect(kept).toBeGreaterThanOrEqual((cents / RATES[currency]) * rate - 1e-6);
              }
            }
          }
        }
      }
    }
  });

  it('refuses fees that leave nothing of a price', () => {
    expect(() => price({ cents: 100, fees: { bps: 10_000, fixedCents: 0 } })).toThrow(RangeError);
  });
});

describe('roundUp', () => {
  it('goes up to the ending, never down', () => {
    expect(roundUp(1200, 'to99')).toBe(1299);
    expect(roundUp(1299, 'to99')).toBe(1299);
    expect(roundUp(1249, 'to49or99')).toBe(1249);
    expect(roundUp(1250, 'to49or99')).toBe(1299);
    expect(roundUp(5, 'to49or99')).toBe(49);
    expect(roundUp(1234, 'none')).toBe(1234);
  });
});
