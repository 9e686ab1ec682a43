import type { ModuleDeclaration } from '../../runtime/module.ts';
import { adminSupplierRoutes } from './suppliers.routes.ts';
import type { SupplierService } from './suppliers.service.ts';

/** Suppliers: the admin's marketplace-wide switch of each key supplier. */
export const suppliersModule = (given: { service: SupplierService }): ModuleDeclaration => ({
  name: 'suppliers',
  routes: () => [adminSupplierRoutes(given.service)],
});
