import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { listResponse, parseFilter, parseListQuery } from '../../lib/list-query.ts';
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

/** The seller console's read-only `products` resource: the catalogue to sell on. */
export const sellerProductRoutes = (service: SellerCatalogueService) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const q = parseListQuery(c);
      const filter = parseFilter(SellerCatalogueFilterSchema, q.filter);
      const { rows, total } = await service.list(shopOf(c), filter, productPage(q));
      return listResponse(c, 'products', q, rows, total);
    })
    .get('/:id', async (c) => c.json(await service.get(shopOf(c), c.req.param('id'))));
