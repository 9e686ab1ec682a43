import type { ModuleDeclaration } from '../../runtime/module.ts';
import { tagIndexes, type TagRepository } from './tags.repository.ts';
import { adminTagRoutes } from './tags.routes.ts';
import type { TagAdminService } from './tags.service.ts';

/** Tags: the admin's labels on products (the storefront's filters read them). */
export const tagsModule = (given: {
  tags: TagRepository;
  admin: TagAdminService;
}): ModuleDeclaration => ({
  name: 'tags',
  indexes: { tags: tagIndexes },
  routes: () => [adminTagRoutes(given.tags, given.admin)],
});
