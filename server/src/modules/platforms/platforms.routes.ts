import { Hono } from 'hono';
import { z } from 'zod';
import { PlatformCreateSchema, PlatformUpdateSchema, type AdminPlatform } from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/errors.ts';
import { IdFilterSchema, listResponse, parseFilter, parseListQuery } from '../../lib/list-query.ts';
import { jsonBody } from '../../lib/validate.ts';
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

/** The admin console's `platforms` resource (ra-data-simple-rest), listed by position. */
export const adminPlatformRoutes = (platforms: PlatformRepository, admin: PlatformAdminService) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const q = parseListQuery(c);
      const { id, q: text } = parseFilter(PlatformFilterSchema, q.filter);
      const { rows, total } = await platforms.page(q, {
        ...(id !== undefined && { id: Array.isArray(id) ? id : [id] }),
        ...(text && { q: text }),
      });
      return listResponse(c, 'platforms', q, rows.map(toAdmin), total);
    })
    .get('/:id', async (c) => {
      const doc = await platforms.findById(c.req.param('id'));
      if (!doc) throw new AppError('NOT_FOUND');
      return c.json(toAdmin(doc));
    })
    .post('/', jsonBody(PlatformCreateSchema), async (c) =>
      c.json(toAdmin(await admin.create(c.req.valid('json'))), 201),
    )
    .put('/:id', jsonBody(PlatformUpdateSchema), async (c) =>
      c.json(toAdmin(await admin.update(c.req.param('id'), c.req.valid('json')))),
    )
    .delete('/:id', async (c) => c.json(toAdmin(await admin.remove(c.req.param('id')))));
