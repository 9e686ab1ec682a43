import {
  CURRENCIES,
  RATE_CURRENCIES,
  convertCents,
  type Currency,
  type OfferPricesInput,
  type RateCurrency,
} from '@market/shared';
import type { OfferDoc } from './offers.repository.ts';

/**
 * Prices in every currency: the given ones kept, the missing ones converted from EUR with
 * `rates` (units per EUR) and listed in `convertedCurrencies`, so rate changes re-price them.
 */
export function completePrices(
  input: OfferPricesInput,
  rates: Record<Currency, number>,
): { prices: Record<Currency, number>; convertedCurrencies: RateCurrency[] } {
  const prices: Record<Currency, number> = { eur: input.eur, usd: 0, gbp: 0 };
  const convertedCurrencies: RateCurrency[] = [];
  for (const currency of RATE_CURRENCIES) {
    const given = input[currency];
    if (given === undefined) convertedCurrencies.push(currency);
    prices[currency] = given ?? convertCents(input.eur, rates[currency]);
  }
  return { prices, convertedCurrencies };
}

/**
 * An edit's prices with the converted ones it left as they were taken out, so they stay
 * converted (and follow the new EUR price and later rates): the consoles send every price back.
 */
export function keepConversions(
  input: OfferPricesInput,
  current: Pick<OfferDoc, 'prices' | 'convertedCurrencies'>,
): OfferPricesInput {
  const kept: OfferPricesInput = { ...input };
  for (const currency of current.convertedCurrencies ?? []) {
    if (kept[currency] === current.prices[currency]) delete kept[currency];
  }
  return kept;
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
