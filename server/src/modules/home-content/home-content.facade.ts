import type { HomeContentRepository } from './home-content.repository.ts';
import type { HomeRowsRepository } from './home-rows.ts';

/**
 * What other modules ask of home content — the public state. They are given this, never the
 * repository, so how home content is stored stays this module's business.
 */
export function createHomeContentFacade(repo: HomeContentRepository, rows: HomeRowsRepository) {
  return {
    get: repo.get,
    /** The ids of the home page's rows: bestsellers, new arrivals (home-rows.ts). */
    bestsellerIds: rows.bestsellerIds,
    newArrivalIds: rows.newArrivalIds,
  };
}
export type HomeContentFacade = ReturnType<typeof createHomeContentFacade>;
