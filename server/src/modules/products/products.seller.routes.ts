import { SellerCatalogueProductSchema } from '@market/shared';
import { listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import { currentUser } from '../../middleware/auth.ts';
import { ProductListFilterSchema, productPage } from './products.admin.routes.ts';
import type { SellerCatalogueService } from './seller-catalogue.service.ts';

/** The seller's filters: by name, category and platform, plus getMany's ids. */
export const SellerCatalogueFilterSchema = ProductListFilterSchema.pick({
  id: true,
  q: true,
  categoryId: true,
  platform: true,
});

/** `currentUser(c).sellerId`: set for every request past `requireApprovedSeller`. */
const shopOf = (c: Parameters<typeof currentUser>[0]) => currentUser(c).sellerId!;

const product = rest(
  ['the catalogue to sell on', 'a product of the catalogue'],
  SellerCatalogueProductSchema,
);

/** The seller console's read-only `products` resource: the catalogue to sell on. */
export const sellerProductRoutes = (service: SellerCatalogueService) =>
  routes('/seller/products', { tag: 'seller', access: 'seller' })
    .get(
      '/',
      product.list({
        filter: SellerCatalogueFilterSchema,
        description:
          '`myOfferId` is the caller’s own offer on the product, or null. Newest first unless `sort` names `name.en`, `createdAt` or `eurMin`.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.list(shopOf(c), q.filter, productPage(q));
        return listResponse(c, 'products', q, rows, total);
      },
    )
    .get('/:id', product.getOne(), async (c) =>
      c.json(await service.get(shopOf(c), c.req.param('id'))),
    );
