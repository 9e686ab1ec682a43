import { Hono } from 'hono';
import { LocaleRequestSchema, type PublicCategory } from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/errors.ts';
import { listResponse, parseListQuery } from '../../lib/list-query.ts';
import { jsonBody } from '../../lib/validate.ts';
import type { CategoryDoc, CategoryRepository } from './categories.repository.ts';

const toPublic = (doc: CategoryDoc, locale: 'en' | 'it'): PublicCategory => ({
  id: doc._id,
  position: doc.position,
  name: doc.name[locale],
});

const toConsole = (doc: CategoryDoc) => ({ id: doc._id, position: doc.position, name: doc.name });

/** `POST /api/public/categories/get-public`: the four categories by position, named in the locale. */
export const publicCategoryRoutes = (categories: CategoryRepository) =>
  new Hono<AppEnv>().post('/get-public', jsonBody(LocaleRequestSchema), async (c) => {
    const { locale } = c.req.valid('json');
    const docs = await categories.listByPosition();
    return c.json(docs.map((d) => toPublic(d, locale)));
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
