import type { ModuleDeclaration } from '../../runtime/module.ts';
import type { ProductAdminService } from './product-admin.service.ts';
import { adminProductRoutes } from './products.admin.routes.ts';
import { publicProductRoutes } from './products.public.routes.ts';
import { productIndexes } from './products.repository.ts';
import { sellerProductRoutes } from './products.seller.routes.ts';
import type { CatalogueService } from './products.service.ts';
import type { SellerCatalogueService } from './seller-catalogue.service.ts';

/** Products: the storefront's catalogue, the admin's products, the sellers' product pickers. */
export const productsModule = (given: {
  catalogue: CatalogueService;
  admin: ProductAdminService;
  seller: SellerCatalogueService;
}): ModuleDeclaration => ({
  name: 'products',
  indexes: { products: productIndexes },
  routes: () => [
    publicProductRoutes(given.catalogue),
    adminProductRoutes(given.admin),
    sellerProductRoutes(given.seller),
  ],
});
