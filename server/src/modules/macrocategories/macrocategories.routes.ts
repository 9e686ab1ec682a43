import { Hono } from 'hono';
import { z } from 'zod';
import {
  LocaleRequestSchema,
  MacrocategoryWriteSchema,
  type AdminMacrocategory,
} from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/errors.ts';
import { IdFilterSchema, listResponse, parseFilter, parseListQuery } from '../../lib/list-query.ts';
import { jsonBody } from '../../lib/validate.ts';
import type { MacrocategoryDoc, MacrocategoryRepository } from './macrocategories.repository.ts';
import type { MacrocategoryAdminService, MacrocategoryService } from './macrocategories.service.ts';

/** The public macrocategory calls (`/api/public/macrocategories/…`): sorted by localized name. */
export const publicMacrocategoryRoutes = (service: MacrocategoryService) =>
  new Hono<AppEnv>()
    .post('/get', jsonBody(LocaleRequestSchema), async (c) =>
      c.json(await service.list(c.req.valid('json').locale)),
    )
    .post('/get-public', jsonBody(LocaleRequestSchema), async (c) =>
      c.json(await service.list(c.req.valid('json').locale)),
    );

/** The macrocategory list's filters: `q` searches either name. */
export const MacrocategoryFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  q: z.string().max(100).optional(),
});

const toAdmin = (doc: MacrocategoryDoc): AdminMacrocategory => ({ id: doc._id, name: doc.name });

/** The admin console's `macrocategories` resource (ra-data-simple-rest). */
export const adminMacrocategoryRoutes = (
  macrocategories: MacrocategoryRepository,
  admin: MacrocategoryAdminService,
) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const q = parseListQuery(c);
      const { id, q: text } = parseFilter(MacrocategoryFilterSchema, q.filter);
      const { rows, total } = await macrocategories.page(q, {
        ...(id !== undefined && { id: Array.isArray(id) ? id : [id] }),
        ...(text && { q: text }),
      });
      return listResponse(c, 'macrocategories', q, rows.map(toAdmin), total);
    })
    .get('/:id', async (c) => {
      const doc = await macrocategories.findById(c.req.param('id'));
      if (!doc) throw new AppError('NOT_FOUND');
      return c.json(toAdmin(doc));
    })
    .post('/', jsonBody(MacrocategoryWriteSchema), async (c) =>
      c.json(toAdmin(await admin.create(c.req.valid('json'))), 201),
    )
    .put('/:id', jsonBody(MacrocategoryWriteSchema), async (c) =>
      c.json(toAdmin(await admin.update(c.req.param('id'), c.req.valid('json')))),
    )
    .delete('/:id', async (c) => c.json(toAdmin(await admin.remove(c.req.param('id')))));
