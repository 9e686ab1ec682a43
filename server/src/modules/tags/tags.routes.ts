import { Hono } from 'hono';
import { z } from 'zod';
import { TagWriteSchema, type Tag } from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/errors.ts';
import { IdFilterSchema, listResponse, parseFilter, parseListQuery } from '../../lib/list-query.ts';
import { jsonBody } from '../../lib/validate.ts';
import type { TagDoc, TagRepository } from './tags.repository.ts';
import type { TagAdminService } from './tags.service.ts';

/** The tag list's filters: `q` searches either name. */
export const TagFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  q: z.string().max(100).optional(),
});

const toAdmin = (doc: TagDoc): Tag => ({ id: doc._id, name: doc.name });

/** The admin console's `tags` resource (ra-data-simple-rest); `q` filters on either name. */
export const adminTagRoutes = (tags: TagRepository, admin: TagAdminService) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const q = parseListQuery(c);
      const { id, q: text } = parseFilter(TagFilterSchema, q.filter);
      const { rows, total } = await tags.page(q, {
        ...(id !== undefined && { id: Array.isArray(id) ? id : [id] }),
        ...(text && { q: text }),
      });
      return listResponse(c, 'tags', q, rows.map(toAdmin), total);
    })
    .get('/:id', async (c) => {
      const doc = await tags.findById(c.req.param('id'));
      if (!doc) throw new AppError('NOT_FOUND');
      return c.json(toAdmin(doc));
    })
    .post('/', jsonBody(TagWriteSchema), async (c) =>
      c.json(toAdmin(await admin.create(c.req.valid('json'))), 201),
    )
    .put('/:id', jsonBody(TagWriteSchema), async (c) =>
      c.json(toAdmin(await admin.update(c.req.param('id'), c.req.valid('json')))),
    )
    .delete('/:id', async (c) => c.json(toAdmin(await admin.remove(c.req.param('id')))));
