import { z } from 'zod';
import { SearchSynonymSchema, SearchSynonymWriteSchema, type SearchSynonym } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import type { SynonymDoc, SynonymRepository } from './synonyms.repository.ts';
import type { SynonymService } from './synonyms.service.ts';

const SynonymFilterSchema = z.object({ id: IdFilterSchema.optional() });

const toAdmin = (doc: SynonymDoc): SearchSynonym => ({
  id: doc._id.toHexString(),
  term: doc.term,
  synonyms: doc.synonyms,
  updatedAt: doc.updatedAt.toISOString(),
});

const synonym = rest(['search synonyms', 'a search synonym'], SearchSynonymSchema);

/** The admin console's `search-synonyms` resource (ra-data-simple-rest). */
export const adminSynonymRoutes = (repo: SynonymRepository, service: SynonymService) =>
  routes('/admin/search-synonyms', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      synonym.list({
        filter: SynonymFilterSchema,
        description: 'By term unless `sort` names `updatedAt`.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { id } = q.filter;
        const { rows, total } = await repo.page(q, {
          ...(id !== undefined && { id: Array.isArray(id) ? id : [id] }),
        });
        return listResponse(c, 'search-synonyms', q, rows.map(toAdmin), total);
      },
    )
    .get('/:id', synonym.getOne(), async (c) => {
      const doc = await repo.findById(c.req.param('id'));
      if (!doc) throw new AppError('NOT_FOUND');
      return c.json(toAdmin(doc));
    })
    .post(
      '/',
      synonym.create({
        description: 'Searches apply it within seconds on every instance.',
        body: SearchSynonymWriteSchema,
      }),
      async (c) => c.json(toAdmin(await service.create(c.req.valid('json'))), 201),
    )
    .put(
      '/:id',
      synonym.update({
        description: 'Replaces the term and its phrases.',
        body: SearchSynonymWriteSchema,
      }),
      async (c) => c.json(toAdmin(await service.update(c.req.param('id'), c.req.valid('json')))),
    )
    .delete('/:id', synonym.remove({ description: 'Searches stop applying it.' }), async (c) =>
      c.json(toAdmin(await service.remove(c.req.param('id')))),
    );
