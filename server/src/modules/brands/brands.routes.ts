import { z } from 'zod';
import {
  AdminBrandSchema,
  BrandCreateSchema,
  BrandUpdateSchema,
  type AdminBrand,
} from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import type { BrandDoc, BrandRepository } from './brands.repository.ts';
import type { BrandAdminService } from './brands.service.ts';

/** The brand list's filters: `q` searches the name. */
export const BrandFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  q: z.string().max(100).optional(),
});

const toAdmin = (doc: BrandDoc): AdminBrand => ({ id: doc._id, name: doc.name });

const brand = rest(['brands', 'a brand'], AdminBrandSchema);

/** The admin console's `brands` resource (ra-data-simple-rest), listed by name; `q` filters on the name. */
export const adminBrandRoutes = (brands: BrandRepository, admin: BrandAdminService) =>
  routes('/admin/brands', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      brand.list({
        filter: BrandFilterSchema,
        description: 'By name unless `sort` names `id` or `name`.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { id, q: text } = q.filter;
        const { rows, total } = await brands.page(q, {
          ...(id !== undefined && { id: Array.isArray(id) ? id : [id] }),
          ...(text && { q: text }),
        });
        return listResponse(c, 'brands', q, rows.map(toAdmin), total);
      },
    )
    .get('/:id', brand.getOne(), async (c) => {
      const doc = await brands.findById(c.req.param('id'));
      if (!doc) throw new AppError('NOT_FOUND');
      return c.json(toAdmin(doc));
    })
    .post(
      '/',
      brand.create({
        description: 'The id defaults to the slug of the name; names are unique (409).',
        body: BrandCreateSchema,
        errors: [409],
      }),
      async (c) => c.json(toAdmin(await admin.create(c.req.valid('json'))), 201),
    )
    .put(
      '/:id',
      brand.update({
        description: 'Renames the brand; products that named it follow. Names are unique (409).',
        body: BrandUpdateSchema,
        errors: [409],
      }),
      async (c) => c.json(toAdmin(await admin.update(c.req.param('id'), c.req.valid('json')))),
    )
    .delete(
      '/:id',
      brand.remove({
        description: 'Only a brand no product names (409 naming the count otherwise).',
        errors: [409],
      }),
      async (c) => c.json(toAdmin(await admin.remove(c.req.param('id')))),
    );
