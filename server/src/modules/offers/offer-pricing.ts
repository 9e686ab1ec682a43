import type { ObjectId } from 'mongodb';
import { convertCents, type OfferPricesInput, type RateCurrency } from '@market/shared';
import type { ExchangeRateFacade } from '../exchange-rates/exchange-rates.facade.ts';
import type { PriceHistoryService } from '../price-history/price-history.service.ts';
import type { ProductFacade } from '../products/products.facade.ts';
import { completePrices, priceRange } from './offer-prices.ts';
import type { OfferDoc, OfferRepository } from './offers.repository.ts';

/**
 * Offer prices against the exchange rates, and the products' price ranges that follow them:
 * one place for the sellers' and admins' edits, key changes and rate changes.
 */
export function createOfferPricing(deps: {
  offers: OfferRepository;
  products: ProductFacade;
  rates: ExchangeRateFacade;
  /** Where every new price is recorded (the prior price of reductions: Omnibus). */
  history?: Pick<PriceHistoryService, 'recordRecompute'>;
}) {
  const { offers, products, rates, history } = deps;

  /** Keeps each product's eurMin…gbpMax equal to the range of its live offers. */
  const refreshRanges = async (productIds: ObjectId[]) => {
    const ids = [...new Map(productIds.map((id) => [id.toHexString(), id])).values()];
    if (!ids.length) return;
    const live = new Map<string, OfferDoc[]>();
    for (const offer of await offers.liveOffersOfMany(ids)) {
      const key = offer.productId.toHexString();
      live.set(key, [...(live.get(key) ?? []), offer]);
    }
    for (const id of ids) {
      const range = priceRange(live.get(id.toHexString()) ?? []);
      // The history first: the product's write is what drops the cached pages and answers
      // (page-tags.ts), so whatever is read after it finds the new price's history already.
      await history?.recordRecompute(id, range, live.get(id.toHexString()) ?? []);
      await products.setPriceRange(id, range);
    }
  };

  return {
    /** The prices an offer gets from its input: the missing ones at today's rates. */
    complete: async (input: OfferPricesInput) => completePrices(input, await rates.current()),
    refreshRanges,
    /**
     * Re-prices, at `rate`, the offers whose price in `currency` was converted (prices a seller
     * or admin gave stay put) and refreshes their products' ranges. Answers how many moved.
     */
    async repriceConverted(currency: RateCurrency, rate: number): Promise<number> {
      const changed = (await offers.convertedIn(currency))
        .map((o) => ({ offer: o, price: convertCents(o.prices.eur, rate) }))
        .filter(({ offer, price }) => offer.prices[currency] !== price);
      const moved = await offers.setConvertedPrices(
        currency,
        changed.map(({ offer, price }) => ({ id: offer._id, eur: offer.prices.eur, price })),
      );
      await refreshRanges(changed.map(({ offer }) => offer.productId));
      return moved;
    },
  };
}
export type OfferPricing = ReturnType<typeof createOfferPricing>;
