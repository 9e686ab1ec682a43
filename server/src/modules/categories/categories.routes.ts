import { Hono } from 'hono';
import { CategoryByIdRequestSchema, LocaleRequestSchema } from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/errors.ts';
import { listResponse, parseListQuery } from '../../lib/list-query.ts';
import { jsonBody } from '../../lib/validate.ts';
import type { CategoryDoc, CategoryRepository } from './categories.repository.ts';
import type { CategoryService } from './categories.service.ts';

const toConsole = (doc: CategoryDoc) => ({ id: doc._id, position: doc.position, name: doc.name });

/** The public category calls (`/api/public/categories/…`): every list is by position. */
export const publicCategoryRoutes = (service: CategoryService) =>
  new Hono<AppEnv>()
    .post('/get-public', jsonBody(LocaleRequestSchema), async (c) =>
      c.json(await service.list(c.req.valid('json').locale)),
    )
    .post('/get', jsonBody(LocaleRequestSchema), async (c) =>
      c.json(await service.list(c.req.valid('json').locale)),
    )
    .post('/get-all', jsonBody(LocaleRequestSchema), async (c) =>
      c.json(await service.listWithNames(c.req.valid('json').locale)),
    )
    .post('/get-list-prod-count', jsonBody(LocaleRequestSchema), async (c) =>
      c.json(await service.listWithCounts(c.req.valid('json').locale)),
    )
    .post('/get-by-id', jsonBody(CategoryByIdRequestSchema), async (c) => {
      const { id, locale } = c.req.valid('json');
      return c.json(await service.getById(id, locale));
    });

/** Read-only categories resource for the consoles (ra-data-simple-rest). */
export const consoleCategoryRoutes = (categories: CategoryRepository) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const q = parseListQuery(c);
      const { rows, total } = await categories.page(q);
      return listResponse(c, 'categories', q, rows.map(toConsole), total);
    })
    .get('/:id', async (c) => {
      const doc = await categories.findById(c.req.param('id'));
      if (!doc) throw new AppError('NOT_FOUND');
      return c.json(toConsole(doc));
    });
