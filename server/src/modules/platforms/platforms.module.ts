import type { ModuleDeclaration } from '../../runtime/module.ts';
import { platformIndexes, type PlatformRepository } from './platforms.repository.ts';
import { adminPlatformRoutes } from './platforms.routes.ts';
import type { PlatformAdminService } from './platforms.service.ts';

/** Platforms: where a key is redeemed (Steam, …), edited by the admin. */
export const platformsModule = (given: {
  platforms: PlatformRepository;
  admin: PlatformAdminService;
}): ModuleDeclaration => ({
  name: 'platforms',
  indexes: { platforms: platformIndexes },
  routes: () => [adminPlatformRoutes(given.platforms, given.admin)],
});
