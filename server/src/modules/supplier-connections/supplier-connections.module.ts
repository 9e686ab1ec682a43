import type { ModuleDeclaration } from '../../runtime/module.ts';
import { supplierConnectionIndexes } from './supplier-connections.repository.ts';
import { sellerSupplierConnectionRoutes } from './supplier-connections.routes.ts';
import type { SupplierConnectionService } from './supplier-connections.service.ts';

/** Supplier connections: each seller's own accounts at the key suppliers. */
export const supplierConnectionsModule = (given: {
  service: SupplierConnectionService;
}): ModuleDeclaration => ({
  name: 'supplier-connections',
  indexes: { supplierConnections: supplierConnectionIndexes },
  routes: () => [sellerSupplierConnectionRoutes(given.service)],
});
