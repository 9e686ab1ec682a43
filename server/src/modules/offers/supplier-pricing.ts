import {
  CURRENCIES,
  type Currency,
  type PriceRounding,
  type SupplierPricing,
} from '@market/shared';

/** A unit cost in a supplier's currency, integer cents. */
export type UnitCost = { cents: number; currency: Currency };

/**
 * What a sale costs its seller besides the goods, as the floor counts it: a share of the gross
 * price (payment processing, the marketplace's cut) in basis points, plus a fixed amount in EUR
 * cents per unit (config `MARKETPLACE_FEE_BPS`, `MARKETPLACE_FEE_FIXED_CENTS`).
 */
export type MarketplaceFees = { bps: number; fixedCents: number };

/** Prices with the floor they were held to (EUR cents) and whether the floor set them. */
export type SupplierOfferPrices = {
  prices: Record<Currency, number>;
  floorEurCents: number;
  floored: boolean;
};

/** Whole cents, upwards; the tolerance keeps 1999.0000001 (float noise) at 1999. */
const ceilCents = (amount: number) => Math.ceil(Number(amount.toFixed(6)));

/** `cents` moved up to the rounding's next price ending (none: left as it is). */
export function roundUp(cents: number, rounding: PriceRounding): number {
  const units = Math.floor(cents / 100) * 100;
  switch (rounding) {
    case 'none':
      return cents;
    case 'to99':
      return units + 99;
    case 'to49or99':
      return cents <= units + 49 ? units + 49 : units + 99;
  }
}

/**
 * The prices of a supplier-backed offer in every currency, from its unit cost and its rule:
 * cost (converted to EUR with `rates`, units per EUR) plus `marginPercent` plus
 * `marginFixedCents` (EUR), then converted to each currency and rounded up there.
 *
 * The floor: a price never goes below the one at which the seller gets their cost back after the
 * VAT the gross price holds (`vatBps`, 0 for a zero-VAT offer) and the marketplace's fees —
 * `price / (1 + vat) − price × fees.bps − fees.fixed ≥ cost`. Rounding only goes up, so it
 * keeps every currency above the floor too.
 */
export function supplierOfferPrices(args: {
  cost: UnitCost;
  pricing: SupplierPricing;
  rates: Record<Currency, number>;
  fees: MarketplaceFees;
  vatBps: number;
}): SupplierOfferPrices {
  const { cost, pricing, rates, fees, vatBps } = args;
  if (!Number.isInteger(cost.cents) || cost.cents < 0)
    throw new RangeError(`not a cost: ${cost.cents}`);
  const costEur = cost.cents / rates[cost.currency];
  // The share of each gross cent the seller keeps before the fixed fee.
  const kept = 10_000 / (10_000 + vatBps) - fees.bps / 10_000;
  if (!(kept > 0)) throw new RangeError('VAT and fees leave nothing of a price');
  const floor = (costEur + fees.fixedCents) / kept;
  const target = costEur * (1 + pricing.marginPercent / 100) + pricing.marginFixedCents;
  const base = Math.max(target, floor);
  const prices = {} as Record<Currency, number>;
  for (const currency of CURRENCIES) {
    prices[currency] = roundUp(ceilCents(base * rates[currency]), pricing.rounding);
  }
  return { prices, floorEurCents: ceilCents(floor), floored: target < floor };
}
