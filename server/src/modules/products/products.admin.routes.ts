import { Hono } from 'hono';
import { z } from 'zod';
import {
  ADMIN_PRODUCT_SORTS,
  CategoryIdSchema,
  ProductCreateSchema,
  ProductTypeSchema,
  ProductUpdateSchema,
  RegionSchema,
} from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import {
  IdFilterSchema,
  listResponse,
  parseFilter,
  parseListQuery,
  type ListQuery,
} from '../../lib/list-query.ts';
import { jsonBody } from '../../lib/validate.ts';
import type { ProductAdminService } from './product-admin.service.ts';
import type { ProductPage } from './products.repository.ts';

/** The filters both consoles' product lists take. */
export const ProductListFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  q: z.string().trim().max(100).optional(),
  categoryId: CategoryIdSchema.optional(),
  platform: z.string().max(64).optional(),
  region: RegionSchema.optional(),
  type: ProductTypeSchema.optional(),
});

const SORTABLE = new Set<string>(ADMIN_PRODUCT_SORTS);

/** The page of a list request: a known sort field (else newest first), and its range. */
export function productPage(q: ListQuery): ProductPage {
  const known = q.sort && SORTABLE.has(q.sort.field);
  return {
    sortField: known ? q.sort!.field : 'createdAt',
    order: known ? q.sort!.order : -1,
    skip: q.skip,
    limit: q.limit,
  };
}

/** The admin console's `products` resource (ra-data-simple-rest). */
export const adminProductRoutes = (service: ProductAdminService) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const q = parseListQuery(c);
      const filter = parseFilter(ProductListFilterSchema, q.filter);
      const { rows, total } = await service.list(filter, productPage(q));
      return listResponse(c, 'products', q, rows, total);
    })
    .get('/:id', async (c) => c.json(await service.get(c.req.param('id'))))
    .post('/', jsonBody(ProductCreateSchema), async (c) =>
      c.json(await service.create(c.req.valid('json')), 201),
    )
    .put('/:id', jsonBody(ProductUpdateSchema), async (c) =>
      c.json(await service.update(c.req.param('id'), c.req.valid('json'))),
    )
    .delete('/:id', async (c) => c.json(await service.remove(c.req.param('id'))));
