import type { ModuleDeclaration } from '../../runtime/module.ts';
import { blocklistIndexes } from './blocklist.repository.ts';
import { adminBlocklistRoutes } from './blocklist.routes.ts';
import type { BlocklistService } from './blocklist.service.ts';

/** Fraud: the admin's blocklist (the screening rules themselves run inside checkout). */
export const fraudModule = (given: { blocklist: BlocklistService }): ModuleDeclaration => ({
  name: 'fraud',
  indexes: { blocklist: blocklistIndexes },
  routes: () => [adminBlocklistRoutes(given.blocklist)],
});
