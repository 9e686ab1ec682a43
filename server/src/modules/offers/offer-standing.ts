import type { OfferPricing } from './offer-pricing.ts';
import type { OfferRepository } from './offers.repository.ts';

/**
 * A seller who loses their standing stops selling at once: their offers leave every public
 * list, price range and checkout, and come back unchanged when the seller is reinstated. The
 * seller's status is the truth; `sync` re-applies it, so a crash between a seller decision and
 * its offers is repaired by deciding again or by the next start.
 */
export function createOfferStanding(deps: { offers: OfferRepository; pricing: OfferPricing }) {
  const { offers, pricing } = deps;
  return {
    async sync(sellerId: string, inGoodStanding: boolean): Promise<void> {
      const productIds = await offers.setSellerSuspended(sellerId, !inGoodStanding);
      await pricing.refreshRanges(productIds);
    },
  };
}
export type OfferStanding = ReturnType<typeof createOfferStanding>;
