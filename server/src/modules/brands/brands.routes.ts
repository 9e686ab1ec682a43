import { Hono } from 'hono';
import { z } from 'zod';
import { BrandCreateSchema, BrandUpdateSchema, type AdminBrand } from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/errors.ts';
import { IdFilterSchema, listResponse, parseFilter, parseListQuery } from '../../lib/list-query.ts';
import { jsonBody } from '../../lib/validate.ts';
import type { BrandDoc, BrandRepository } from './brands.repository.ts';
import type { BrandAdminService } from './brands.service.ts';

/** The brand list's filters: `q` searches the name. */
export const BrandFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  q: z.string().max(100).optional(),
});

const toAdmin = (doc: BrandDoc): AdminBrand => ({ id: doc._id, name: doc.name });

/** The admin console's `brands` resource (ra-data-simple-rest), listed by name; `q` filters on the name. */
export const adminBrandRoutes = (brands: BrandRepository, admin: BrandAdminService) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const q = parseListQuery(c);
      const { id, q: text } = parseFilter(BrandFilterSchema, q.filter);
      const { rows, total } = await brands.page(q, {
        ...(id !== undefined && { id: Array.isArray(id) ? id : [id] }),
        ...(text && { q: text }),
      });
      return listResponse(c, 'brands', q, rows.map(toAdmin), total);
    })
    .get('/:id', async (c) => {
      const doc = await brands.findById(c.req.param('id'));
      if (!doc) throw new AppError('NOT_FOUND');
      return c.json(toAdmin(doc));
    })
    .post('/', jsonBody(BrandCreateSchema), async (c) =>
      c.json(toAdmin(await admin.create(c.req.valid('json'))), 201),
    )
    .put('/:id', jsonBody(BrandUpdateSchema), async (c) =>
      c.json(toAdmin(await admin.update(c.req.param('id'), c.req.valid('json')))),
    )
    .delete('/:id', async (c) => c.json(toAdmin(await admin.remove(c.req.param('id')))));
