import type { ModuleDeclaration } from '../../runtime/module.ts';
import type { SupplierPostbacks } from './postbacks.ts';
import { supplierPostbackRoutes } from './postbacks.routes.ts';

/**
 * Supplier fulfilment: suppliers' postbacks (a pre-order's code, stock or price changes); the
 * recovery job of on-demand units works across modules (runtime/job-list.ts).
 */
export const supplierFulfilmentModule = (given: {
  postbacks: SupplierPostbacks;
}): ModuleDeclaration => ({
  name: 'supplier-fulfilment',
  routes: () => [supplierPostbackRoutes(given.postbacks)],
});
