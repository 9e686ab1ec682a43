import type { ModuleDeclaration } from '../../runtime/module.ts';
import { supplierPurchaseIndexes } from './supplier-purchases.repository.ts';
import { adminSupplierPurchaseRoutes } from './supplier-purchases.routes.ts';
import type { SupplierPurchaseService } from './supplier-purchases.service.ts';

/** The book of every purchase at a supplier, and the admin's list of it. */
export const supplierPurchasesModule = (given: {
  service: SupplierPurchaseService;
}): ModuleDeclaration => ({
  name: 'supplier-purchases',
  indexes: { supplierPurchases: supplierPurchaseIndexes },
  routes: () => [adminSupplierPurchaseRoutes(given.service)],
});
