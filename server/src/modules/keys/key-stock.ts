import type { ObjectId } from 'mongodb';
import type { OfferPricing } from '../offers/offer-pricing.ts';
import type { OfferFacade } from '../offers/offers.facade.ts';
import type { KeyRepository } from './keys.repository.ts';

/** Sets an offer's stock to its available keys, and its product's price range after it. */
export function createRestock(deps: {
  keys: Pick<KeyRepository, 'countAvailable'>;
  offers: Pick<OfferFacade, 'setStock'>;
  pricing: Pick<OfferPricing, 'refreshRanges'>;
}) {
  const { keys, offers, pricing } = deps;
  return async (offerId: ObjectId, productId: ObjectId) => {
    await offers.setStock(offerId, await keys.countAvailable(offerId));
    await pricing.refreshRanges([productId]);
  };
}
export type Restock = ReturnType<typeof createRestock>;
