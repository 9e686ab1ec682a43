import {
  CURRENCIES,
  type ActivationRegion,
  NO_RATING,
  rankOffers,
  type Currency,
  type OfferApiName,
  type PriceRange,
  type RatingSummary,
  type Sale,
} from '@market/shared';
import type { OfferDoc } from '../offers/offers.facade.ts';

/** Where keys a seller uploaded come from (a supplier-backed offer names its supplier). */
export const OWN_OFFERS_API = 'marketplace';

/**
 * A sale before its product is read: `region` is absent on an offer from before regions, whose
 * keys activate where its product's do (`withRegion`).
 */
export type SaleDraft = Omit<Sale, 'region'> & { region: ActivationRegion | undefined };

/** A sale's region, its product's when the offer has none of its own. */
export const withRegion = (sale: SaleDraft, productRegion: ActivationRegion): Sale => ({
  ...sale,
  region: sale.region ?? productRegion,
});

/** An offer as buyers see it, with its seller's rating; `apiName` says where its keys come from. */
export function toSale(
  offer: OfferDoc,
  sellerName: string,
  sellerRating: RatingSummary = NO_RATING,
  sellerDefectRate?: number,
): SaleDraft {
  return {
    offerId: offer._id.toHexString(),
    sellerId: offer.sellerId,
    sellerName,
    ...(sellerDefectRate === undefined ? {} : { sellerDefectRate }),
    prices: { ...offer.prices },
    region: offer.region,
    inStock: offer.stock > 0,
    apiName: offer.source?.kind === 'supplier' ? offer.source.supplier : OWN_OFFERS_API,
    sellerRating,
  };
}

/** The offers list of a product: every sale, and the best (first) one's `apiName`. */
export function offersList(sales: Sale[]): { allOffers: Sale[]; apiName: OfferApiName } {
  return { allOffers: sales, apiName: sales[0]?.apiName ?? OWN_OFFERS_API };
}

/**
 * Sales in the published ranking order (`rankOffers`: price in `currency`, seller rating, defect
 * rate; ties by price, then offer id). `defectsPer100` gives each seller's defect rate.
 */
export function sortSales(
  sales: Sale[],
  currency: Currency,
  defectsPer100: (sellerId: string) => number = () => 0,
): Sale[] {
  return rankOffers(sales, currency, defectsPer100);
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
