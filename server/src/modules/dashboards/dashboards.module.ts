import type { ModuleDeclaration } from '../../runtime/module.ts';
import {
  adminDashboardRoutes,
  adminLookupRoutes,
  sellerDashboardRoutes,
} from './dashboards.routes.ts';
import type { DashboardService } from './dashboards.service.ts';
import type { AdminLookupFn } from './lookup.ts';

/** The consoles' dashboards (the work waiting) and the admin app bar's search. */
export const dashboardsModule = (given: {
  service: DashboardService;
  lookup: AdminLookupFn;
}): ModuleDeclaration => ({
  name: 'dashboards',
  routes: () => [
    adminDashboardRoutes(given.service),
    sellerDashboardRoutes(given.service),
    adminLookupRoutes(given.lookup),
  ],
});
