import { z } from 'zod';
import {
  AdminMacrocategorySchema,
  LocaleRequestSchema,
  MacrocategorySchema,
  MacrocategoryWriteSchema,
  type AdminMacrocategory,
} from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import type { MacrocategoryDoc, MacrocategoryRepository } from './macrocategories.repository.ts';
import type { MacrocategoryAdminService, MacrocategoryService } from './macrocategories.service.ts';

const publicList = (summary: string) => ({
  summary,
  body: LocaleRequestSchema,
  response: { status: 200 as const, description: 'The list', schema: z.array(MacrocategorySchema) },
});

/** The public macrocategory calls (`/api/public/macrocategories/…`): sorted by localized name. */
export const publicMacrocategoryRoutes = (service: MacrocategoryService) =>
  routes('/public/macrocategories', { tag: 'catalogue', access: 'public' })
    .post('/get', publicList('Macrocategories (genres and themes), by localized name'), async (c) =>
      c.json(await service.list(c.req.valid('json').locale)),
    )
    .post('/get-public', publicList('Macrocategories (alias of get)'), async (c) =>
      c.json(await service.list(c.req.valid('json').locale)),
    );

/** The macrocategory list's filters: `q` searches either name. */
export const MacrocategoryFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  q: z.string().max(100).optional(),
});

const toAdmin = (doc: MacrocategoryDoc): AdminMacrocategory => ({ id: doc._id, name: doc.name });

const macrocategory = rest(['macrocategories', 'a macrocategory'], AdminMacrocategorySchema);

/** The admin console's `macrocategories` resource (ra-data-simple-rest). */
export const adminMacrocategoryRoutes = (
  macrocategories: MacrocategoryRepository,
  admin: MacrocategoryAdminService,
) =>
  routes('/admin/macrocategories', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      macrocategory.list({
        filter: MacrocategoryFilterSchema,
        description: 'By English name unless `sort` names `id`, `name.en` or `name.it`.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { id, q: text } = q.filter;
        const { rows, total } = await macrocategories.page(q, {
          ...(id !== undefined && { id: Array.isArray(id) ? id : [id] }),
          ...(text && { q: text }),
        });
        return listResponse(c, 'macrocategories', q, rows.map(toAdmin), total);
      },
    )
    .get('/:id', macrocategory.getOne(), async (c) => {
      const doc = await macrocategories.findById(c.req.param('id'));
      if (!doc) throw new AppError('NOT_FOUND');
      return c.json(toAdmin(doc));
    })
    .post(
      '/',
      macrocategory.create({
        description: 'The id is the slug of the English name, set once (409 when taken).',
        body: MacrocategoryWriteSchema,
        errors: [409],
      }),
      async (c) => c.json(toAdmin(await admin.create(c.req.valid('json'))), 201),
    )
    .put(
      '/:id',
      macrocategory.update({
        description: 'Renames; the id stays.',
        body: MacrocategoryWriteSchema,
      }),
      async (c) => c.json(toAdmin(await admin.update(c.req.param('id'), c.req.valid('json')))),
    )
    .delete('/:id', macrocategory.remove(), async (c) =>
      c.json(toAdmin(await admin.remove(c.req.param('id')))),
    );
