import { Hono } from 'hono';
import { z } from 'zod';
import {
  CategoryByIdRequestSchema,
  CategoryDeleteRequestSchema,
  CategoryEditRequestSchema,
  CategoryIdSchema,
  CategoryUpdateSchema,
  LocaleRequestSchema,
  type AdminCategory,
} from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/errors.ts';
import { IdFilterSchema, listResponse, parseFilter, parseListQuery } from '../../lib/list-query.ts';
import { jsonBody } from '../../lib/validate.ts';
import type { CategoryDoc, CategoryRepository } from './categories.repository.ts';
import type { CategoryAdminService, CategoryService } from './categories.service.ts';

const toConsole = (doc: CategoryDoc): AdminCategory => ({
  id: doc._id,
  position: doc.position,
  name: doc.name,
});

/** The console category list's filter: getMany's ids. */
export const CategoryFilterSchema = z.object({ id: IdFilterSchema.optional() });

/** A category id from the path; anything but the four fixed ids is simply not found. */
function categoryIdParam(raw: string) {
  const id = CategoryIdSchema.safeParse(raw);
  if (!id.success) throw new AppError('NOT_FOUND');
  return id.data;
}

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
      const { id } = parseFilter(CategoryFilterSchema, q.filter);
      const ids = id === undefined ? undefined : Array.isArray(id) ? id : [id];
      const { rows, total } = await categories.page(q, ids ? { id: ids } : {});
      return listResponse(c, 'categories', q, rows.map(toConsole), total);
    })
    .get('/:id', async (c) => {
      const doc = await categories.findById(c.req.param('id'));
      if (!doc) throw new AppError('NOT_FOUND');
      return c.json(toConsole(doc));
    });

/**
 * The admin's categories resource: the console reads plus edit and delete, both as REST
 * (`PUT /:id`, `DELETE /:id`) and as the spec's calls (`POST /edit`, `POST /delete`).
 * There is no create: the category ids are the spec's four fixed ones.
 */
export const adminCategoryRoutes = (categories: CategoryRepository, admin: CategoryAdminService) =>
  consoleCategoryRoutes(categories)
    .put('/:id', jsonBody(CategoryUpdateSchema), async (c) => {
      const doc = await admin.update(categoryIdParam(c.req.param('id')), c.req.valid('json'));
      return c.json(toConsole(doc));
    })
    .delete('/:id', async (c) => {
      const id = categoryIdParam(c.req.param('id'));
      const doc = await categories.findById(id);
      if (!doc) throw new AppError('NOT_FOUND');
      await admin.delete([id]);
      return c.json(toConsole(doc));
    })
    // The spec's `edit` sends `category` (the translated part: id and the name per locale) and
    // `categoryNotTrans` (the part no locale changes: the position); together they are one update.
    .post('/edit', jsonBody(CategoryEditRequestSchema), async (c) => {
      const { category, categoryNotTrans } = c.req.valid('json');
      const doc = await admin.update(category.id, {
        position: categoryNotTrans.position,
        name: category.name,
      });
      return c.json(toConsole(doc));
    })
    .post('/delete', jsonBody(CategoryDeleteRequestSchema), async (c) =>
      c.json({ deleted: await admin.delete(c.req.valid('json').categoryIds) }),
    );
