import type { HomeContentRepository } from './home-content.repository.ts';

/**
 * What other modules ask of home content — the public state. They are given this, never the
 * repository, so how home content is stored stays this module's business.
 */
export function createHomeContentFacade(repo: HomeContentRepository) {
  return {
    get: repo.get,
  };
}
export type HomeContentFacade = ReturnType<typeof createHomeContentFacade>;
