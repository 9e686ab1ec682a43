import type { ModuleDeclaration } from '../../runtime/module.ts';
import {
  sellerSupplierImportRoutes,
  sellerSupplierProductRoutes,
} from './supplier-catalogue.routes.ts';
import type { SupplierCatalogueService } from './supplier-catalogue.service.ts';
import { supplierImportIndexes } from './supplier-imports.repository.ts';
import type { SupplierImportService } from './supplier-imports.service.ts';
import { supplierMappingIndexes } from './supplier-mappings.repository.ts';
import { supplierProductIndexes } from './supplier-products.repository.ts';

/**
 * Suppliers' catalogues: imported in the background (the import runner's takeover job is in
 * runtime/job-list.ts), mapped by each seller to the shop's products.
 */
export const supplierCatalogueModule = (given: {
  catalogue: SupplierCatalogueService;
  imports: SupplierImportService;
}): ModuleDeclaration => ({
  name: 'supplier-catalogue',
  indexes: {
    supplierProducts: supplierProductIndexes,
    supplierMappings: supplierMappingIndexes,
    supplierImports: supplierImportIndexes,
  },
  routes: () => [
    sellerSupplierProductRoutes(given.catalogue),
    sellerSupplierImportRoutes(given.imports),
  ],
});
