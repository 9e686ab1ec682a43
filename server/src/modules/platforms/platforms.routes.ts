import { z } from 'zod';
import {
  AdminPlatformSchema,
  PlatformCreateSchema,
  PlatformUpdateSchema,
  type AdminPlatform,
} from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import type { PlatformDoc, PlatformRepository } from './platforms.repository.ts';
import type { PlatformAdminService } from './platforms.service.ts';

/** The platform list's filters: `q` searches the name. */
export const PlatformFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  q: z.string().max(100).optional(),
});

const toAdmin = (doc: PlatformDoc): AdminPlatform => ({
  id: doc._id,
  name: doc.name,
  guidePath: doc.guidePath,
  position: doc.position,
});

const platform = rest(['platforms', 'a platform'], AdminPlatformSchema);

/** The admin console's `platforms` resource (ra-data-simple-rest), listed by position. */
export const adminPlatformRoutes = (platforms: PlatformRepository, admin: PlatformAdminService) =>
  routes('/admin/platforms', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      platform.list({
        filter: PlatformFilterSchema,
        description: 'By position unless `sort` names `id`, `name` or `position`.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { id, q: text } = q.filter;
        const { rows, total } = await platforms.page(q, {
          ...(id !== undefined && { id: Array.isArray(id) ? id : [id] }),
          ...(text && { q: text }),
        });
        return listResponse(c, 'platforms', q, rows.map(toAdmin), total);
      },
    )
    .get('/:id', platform.getOne(), async (c) => {
      const doc = await platforms.findById(c.req.param('id'));
      if (!doc) throw new AppError('NOT_FOUND');
      return c.json(toAdmin(doc));
    })
    .post(
      '/',
      platform.create({
        description: 'The id defaults to the slug of the name (409 when taken).',
        body: PlatformCreateSchema,
        errors: [409],
      }),
      async (c) => c.json(toAdmin(await admin.create(c.req.valid('json'))), 201),
    )
    .put(
      '/:id',
      platform.update({
        description: 'The id is fixed: products refer to it.',
        body: PlatformUpdateSchema,
      }),
      async (c) => c.json(toAdmin(await admin.update(c.req.param('id'), c.req.valid('json')))),
    )
    .delete(
      '/:id',
      platform.remove({
        description: 'Only a platform no product is on (409 naming the count otherwise).',
        errors: [409],
      }),
      async (c) => c.json(toAdmin(await admin.remove(c.req.param('id')))),
    );
