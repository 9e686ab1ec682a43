import { CURRENCIES, type Currency, type PriceRange, type Sale } from '@market/shared';
import type { OfferDoc } from '../offers/offers.facade.ts';

/** Where the marketplace's own sellers' offers come from (suppliers use their own id). */
export const OWN_OFFERS_API = 'marketplace';

/** An offer as buyers see it. */
export function toSale(offer: OfferDoc, sellerName: string): Sale {
  return {
    offerId: offer._id.toHexString(),
    sellerId: offer.sellerId,
    sellerName,
    prices: { ...offer.prices },
    inStock: offer.stock > 0,
  };
}

/** Sales cheapest first in `currency`; ties keep a stable order by offer id. */
export function sortSales(sales: Sale[], currency: Currency): Sale[] {
  return [...sales].sort(
    (a, b) => a.prices[currency] - b.prices[currency] || a.offerId.localeCompare(b.offerId),
  );
}

/** Lowest and highest price per currency; 0 and 0 when there are no sales (spec section 8). */
export function salesPriceRange(sales: Sale[]): Record<Currency, PriceRange> {
  const range = {} as Record<Currency, PriceRange>;
  for (const c of CURRENCIES) {
    const prices = sales.map((s) => s.prices[c]);
    range[c] = prices.length
      ? { min: Math.min(...prices), max: Math.max(...prices) }
      : { min: 0, max: 0 };
  }
  return range;
}
