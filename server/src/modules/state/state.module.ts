import type { ModuleDeclaration } from '../../runtime/module.ts';
import { publicStateRoutes } from './state.routes.ts';
import type { PublicStateService } from './state.service.ts';

/** The storefront's public state: menus, home rows and the reference lists every page needs. */
export const stateModule = (given: { service: PublicStateService }): ModuleDeclaration => ({
  name: 'state',
  routes: () => [publicStateRoutes(given.service)],
});
