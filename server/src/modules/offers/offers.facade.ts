import type { OfferRepository } from './offers.repository.ts';

export type { OfferDoc } from './offers.repository.ts';

/**
 * What other modules ask of offers — the cart and checkout (live offers), orders and keys
 * (stock), products and the public state (what is on sale). They are given this, never the
 * repository, so how offers are stored stays this module's business.
 */
export function createOfferFacade(repo: OfferRepository) {
  return {
    bestStockedProductIds: repo.bestStockedProductIds,
    findById: repo.findById,
    incStock: repo.incStock,
    decStock: repo.decStock,
    liveOffersOfMany: repo.liveOffersOfMany,
    pauseBySync: repo.pauseBySync,
    liveStats: repo.liveStats,
    setStock: repo.setStock,
    takeStock: repo.takeStock,
  };
}
export type OfferFacade = ReturnType<typeof createOfferFacade>;
