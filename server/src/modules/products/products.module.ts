import type { Heard, ModuleDeclaration } from '../../runtime/module.ts';
import type { ProductAdminService } from './product-admin.service.ts';
import { adminProductRoutes } from './products.admin.routes.ts';
import { publicProductRoutes } from './products.public.routes.ts';
import { productIndexes } from './products.repository.ts';
import { sellerProductRoutes } from './products.seller.routes.ts';
import type { CatalogueService } from './products.service.ts';
import type { SellerCatalogueService } from './seller-catalogue.service.ts';

/**
 * Products: the storefront's catalogue, the admin's products, the sellers' product pickers. The
 * catalogue's reads kept in memory hear the writes that change them: the public reads' memo
 * (catalogue-memo.ts; also the categories' and the state's answers, none with PAGE_CACHE=off), the
 * platforms' list and the product documents by id.
 */
export const productsModule = (given: {
  catalogue: CatalogueService;
  admin: ProductAdminService;
  seller: SellerCatalogueService;
  heard: { reads?: Heard | undefined; platforms: Heard; productDocs: Heard };
}): ModuleDeclaration => ({
  name: 'products',
  indexes: { products: productIndexes },
  routes: () => [
    publicProductRoutes(given.catalogue),
    adminProductRoutes(given.admin),
    sellerProductRoutes(given.seller),
  ],
  changeListeners: [
    ...(given.heard.reads ? [{ name: 'catalogue reads', heard: given.heard.reads }] : []),
    { name: 'platforms', heard: given.heard.platforms },
    { name: 'product documents', heard: given.heard.productDocs },
  ],
});
