import type { PlatformRepository } from './platforms.repository.ts';

/**
 * What other modules ask of platforms — products and the public state. They are given this, never
 * the repository, so how platforms are stored stays this module's business.
 */
export function createPlatformFacade(repo: PlatformRepository) {
  return {
    listByPosition: repo.listByPosition,
  };
}
export type PlatformFacade = ReturnType<typeof createPlatformFacade>;
