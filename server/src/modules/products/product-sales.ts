import {
  CURRENCIES,
  type Currency,
  type OfferApiName,
  type PriceRange,
  type Sale,
} from '@market/shared';
import type { OfferDoc } from '../offers/offers.facade.ts';

/** Where keys a seller uploaded come from (a supplier-backed offer names its supplier). */
export const OWN_OFFERS_API = 'marketplace';

/** An offer as buyers see it; `apiName` says where its keys come from. */
export function toSale(offer: OfferDoc, sellerName: string, sellerDefectRate?: number): Sale {
  return {
    offerId: offer._id.toHexString(),
    sellerId: offer.sellerId,
    sellerName,
    ...(sellerDefectRate === undefined ? {} : { sellerDefectRate }),
    prices: { ...offer.prices },
    inStock: offer.stock > 0,
    apiName: offer.source?.kind === 'supplier' ? offer.source.supplier : OWN_OFFERS_API,
  };
}

/** The offers list of a product: every sale, and the best (first) one's `apiName`. */
export function offersList(sales: Sale[]): { allOffers: Sale[]; apiName: OfferApiName } {
  return { allOffers: sales, apiName: sales[0]?.apiName ?? OWN_OFFERS_API };
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
