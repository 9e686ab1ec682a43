import type { ModuleDeclaration } from '../../runtime/module.ts';
import { homeContentIndexes } from './home-content.repository.ts';
import { adminHomeContentRoutes } from './home-content.routes.ts';
import type { HomeContentService } from './home-content.service.ts';

/** The home page's content the admin edits (the rows it computes are the public state's). */
export const homeContentModule = (given: { service: HomeContentService }): ModuleDeclaration => ({
  name: 'home-content',
  indexes: { home_content: homeContentIndexes },
  routes: () => [adminHomeContentRoutes(given.service)],
});
