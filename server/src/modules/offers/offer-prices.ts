import { CURRENCIES, pricesFromEur, type Currency, type OfferPricesInput } from '@market/shared';
import type { OfferDoc } from './offers.repository.ts';

/**
 * Fixed demo exchange rates (units of each currency per EUR, the reference currency), used
 * for the prices a seller leaves out until the admin console manages real exchange rates.
 */
export const DEMO_RATES: Record<Currency, number> = { eur: 1, usd: 1.08, gbp: 0.86 };

/** Prices in every currency: the given ones kept, the missing ones converted from EUR. */
export function completePrices(input: OfferPricesInput): Record<Currency, number> {
  const converted = pricesFromEur(input.eur, DEMO_RATES);
  return { eur: input.eur, usd: input.usd ?? converted.usd, gbp: input.gbp ?? converted.gbp };
}

type PriceRange = Record<`${Currency}${'Min' | 'Max'}`, number | null>;

/** Lowest and highest price per currency over the offers that can be bought. */
export function priceRange(offers: Pick<OfferDoc, 'prices'>[]): PriceRange {
  const range = {} as PriceRange;
  for (const currency of CURRENCIES) {
    const prices = offers.map((o) => o.prices[currency]);
    range[`${currency}Min`] = prices.length ? Math.min(...prices) : null;
    range[`${currency}Max`] = prices.length ? Math.max(...prices) : null;
  }
  return range;
}
