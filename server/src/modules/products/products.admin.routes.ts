import { z } from 'zod';
import {
  ADMIN_PRODUCT_SORTS,
  AdminProductSchema,
  CategoryIdSchema,
  ProductCreateSchema,
  ProductTypeSchema,
  ProductUpdateSchema,
  RegionSchema,
} from '@market/shared';
import { IdFilterSchema, listResponse, type ListQuery } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
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

/** The page of a list request: a known sort field or `id` (else newest first), and its range. */
export function productPage(q: ListQuery): ProductPage {
  // `id` too: react-admin sorts by it when a list names no default.
  const byId = q.sort?.field === 'id';
  const known = q.sort && (byId || SORTABLE.has(q.sort.field));
  return {
    sortField: byId ? '_id' : known ? q.sort!.field : 'createdAt',
    order: known ? q.sort!.order : -1,
    skip: q.skip,
    limit: q.limit,
  };
}

const product = rest(['products', 'a product'], AdminProductSchema);

/** The admin console's `products` resource (ra-data-simple-rest). */
export const adminProductRoutes = (service: ProductAdminService) =>
  routes('/admin/products', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      product.list({
        filter: ProductListFilterSchema,
        description:
          '`q` searches the names. Newest first unless `sort` names `name.en`, `createdAt` or `eurMin`.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.list(q.filter, productPage(q));
        return listResponse(c, 'products', q, rows, total);
      },
    )
    .get('/:id', product.getOne(), async (c) => c.json(await service.get(c.req.param('id'))))
    .post(
      '/',
      product.create({
        description:
          'The slug, when left out, comes from the English name. A brand name no brand has yet creates the brand; the platform must exist. 409 when the slug is taken.',
        body: ProductCreateSchema,
        errors: [409],
      }),
      async (c) => c.json(await service.create(c.req.valid('json')), 201),
    )
    .put(
      '/:id',
      product.update({
        description:
          'Any of the fields; read-only ones of the record (react-admin sends it whole) are ignored. 409 when the slug is taken.',
        body: ProductUpdateSchema,
        errors: [409],
      }),
      async (c) => c.json(await service.update(c.req.param('id'), c.req.valid('json'))),
    )
    .delete(
      '/:id',
      product.remove({
        description: 'Only a product nobody offers (409 while offers of any status exist).',
        errors: [409],
      }),
      async (c) => c.json(await service.remove(c.req.param('id'))),
    );
