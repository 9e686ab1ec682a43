import { z } from 'zod';
import { TagSchema, TagWriteSchema, type Tag } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import type { TagDoc, TagRepository } from './tags.repository.ts';
import type { TagAdminService } from './tags.service.ts';

/** The tag list's filters: `q` searches either name. */
export const TagFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  q: z.string().max(100).optional(),
});

const toAdmin = (doc: TagDoc): Tag => ({ id: doc._id, name: doc.name });

const tag = rest(['product tags', 'a tag'], TagSchema);

/** The admin console's `tags` resource (ra-data-simple-rest); `q` filters on either name. */
export const adminTagRoutes = (tags: TagRepository, admin: TagAdminService) =>
  routes('/admin/tags', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      tag.list({
        filter: TagFilterSchema,
        description: 'By English name unless `sort` names `id`, `name.en` or `name.it`.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { id, q: text } = q.filter;
        const { rows, total } = await tags.page(q, {
          ...(id !== undefined && { id: Array.isArray(id) ? id : [id] }),
          ...(text && { q: text }),
        });
        return listResponse(c, 'tags', q, rows.map(toAdmin), total);
      },
    )
    .get('/:id', tag.getOne(), async (c) => {
      const doc = await tags.findById(c.req.param('id'));
      if (!doc) throw new AppError('NOT_FOUND');
      return c.json(toAdmin(doc));
    })
    .post(
      '/',
      tag.create({
        description: 'The id is the slug of the English name, set once (409 when taken).',
        body: TagWriteSchema,
        errors: [409],
      }),
      async (c) => c.json(toAdmin(await admin.create(c.req.valid('json'))), 201),
    )
    .put(
      '/:id',
      tag.update({ description: 'Renames; the id stays.', body: TagWriteSchema }),
      async (c) => c.json(toAdmin(await admin.update(c.req.param('id'), c.req.valid('json')))),
    )
    .delete(
      '/:id',
      tag.remove({ description: 'Also takes the tag off every product that carries it.' }),
      async (c) => c.json(toAdmin(await admin.remove(c.req.param('id')))),
    );
