import type { BlocklistRepository } from './blocklist.repository.ts';

/**
 * What other modules ask of the blocklist — orders (screening) and the checkout (a chargeback
 * blocks the instrument). They are given this, never the repository, so how the blocklist is
 * stored stays this module's business.
 */
export function createBlocklistFacade(repo: BlocklistRepository) {
  return {
    add: repo.add,
    matches: repo.matches,
  };
}
export type BlocklistFacade = ReturnType<typeof createBlocklistFacade>;
