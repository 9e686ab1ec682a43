import { z } from 'zod';
import {
  AdminCategorySchema,
  CategoryByIdRequestSchema,
  CategoryDeleteRequestSchema,
  CategoryDeleteResultSchema,
  CategoryEditRequestSchema,
  CategoryIdSchema,
  CategoryUpdateSchema,
  CategoryWithCountSchema,
  CategoryWithNamesSchema,
  LocaleRequestSchema,
  PublicCategorySchema,
  type AdminCategory,
} from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes, type Routes } from '../../lib/route.ts';
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

/** The locale-only category calls answer the same list under four names (spec section 7). */
const categoryList = (summary: string, schema: z.ZodType) => ({
  summary,
  body: LocaleRequestSchema,
  response: {
    status: 200 as const,
    description: 'The categories by position',
    schema: z.array(schema),
  },
});

/** The public category calls (`/api/public/categories/…`): every list is by position. */
export const publicCategoryRoutes = (service: CategoryService) =>
  routes('/public/categories', { tag: 'catalogue', access: 'public' })
    .post(
      '/get-public',
      categoryList('Categories, named in the locale', PublicCategorySchema),
      async (c) => c.json(await service.list(c.req.valid('json').locale)),
    )
    .post(
      '/get',
      categoryList('Categories, named in the locale (alias of get-public)', PublicCategorySchema),
      async (c) => c.json(await service.list(c.req.valid('json').locale)),
    )
    .post(
      '/get-all',
      categoryList('Categories with their names in every locale', CategoryWithNamesSchema),
      async (c) => c.json(await service.listWithNames(c.req.valid('json').locale)),
    )
    .post(
      '/get-list-prod-count',
      categoryList('Categories with product counts', CategoryWithCountSchema),
      async (c) => c.json(await service.listWithCounts(c.req.valid('json').locale)),
    )
    .post(
      '/get-by-id',
      {
        summary: 'One category',
        body: CategoryByIdRequestSchema,
        response: { status: 200, description: 'The category', schema: PublicCategorySchema },
        errors: [404],
      },
      async (c) => {
        const { id, locale } = c.req.valid('json');
        return c.json(await service.getById(id, locale));
      },
    );

/** The consoles' category reads (ra-data-simple-rest), on the router of either console. */
const withCategoryReads = (
  router: Routes,
  categories: CategoryRepository,
  nouns: [string, string],
) => {
  const category = rest(nouns, AdminCategorySchema);
  return router
    .get(
      '/',
      category.list({
        filter: CategoryFilterSchema,
        description: 'The four categories, by position.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { id } = q.filter;
        const ids = id === undefined ? undefined : Array.isArray(id) ? id : [id];
        const { rows, total } = await categories.page(q, ids ? { id: ids } : {});
        return listResponse(c, 'categories', q, rows.map(toConsole), total);
      },
    )
    .get('/:id', category.getOne(), async (c) => {
      const doc = await categories.findById(c.req.param('id'));
      if (!doc) throw new AppError('NOT_FOUND');
      return c.json(toConsole(doc));
    });
};

/** The seller console's read-only categories resource. */
export const consoleCategoryRoutes = (categories: CategoryRepository) =>
  withCategoryReads(routes('/seller/categories', { tag: 'seller', access: 'seller' }), categories, [
    'the categories',
    'a category',
  ]);

const category = rest(['categories', 'a category'], AdminCategorySchema);

/**
 * The admin's categories resource: the console reads plus edit and delete, both as REST
 * (`PUT /:id`, `DELETE /:id`) and as the spec's calls (`POST /edit`, `POST /delete`).
 * There is no create: the category ids are the spec's four fixed ones.
 */
export const adminCategoryRoutes = (categories: CategoryRepository, admin: CategoryAdminService) =>
  withCategoryReads(routes('/admin/categories', { tag: 'admin', access: 'admin' }), categories, [
    'categories',
    'a category',
  ])
    .put(
      '/:id',
      category.update({
        summary: 'Rename or move a category',
        description: 'The ids are the spec’s four fixed ones: there is no create.',
        body: CategoryUpdateSchema,
      }),
      async (c) => {
        const doc = await admin.update(categoryIdParam(c.req.param('id')), c.req.valid('json'));
        return c.json(toConsole(doc));
      },
    )
    .delete(
      '/:id',
      category.remove({
        description: 'Only an empty category (409 naming the product count otherwise).',
        errors: [409],
      }),
      async (c) => {
        const id = categoryIdParam(c.req.param('id'));
        const doc = await categories.findById(id);
        if (!doc) throw new AppError('NOT_FOUND');
        await admin.delete([id]);
        return c.json(toConsole(doc));
      },
    )
    // The spec's `edit` sends `category` (the translated part: id and the name per locale) and
    // `categoryNotTrans` (the part no locale changes: the position); together they are one update.
    .post(
      '/edit',
      {
        summary: 'Rename or move a category (the spec’s call)',
        description:
          '`category` is the translated part (id and the name in every locale), `categoryNotTrans` the rest (the position).',
        body: CategoryEditRequestSchema,
        response: { status: 200, description: 'The category', schema: AdminCategorySchema },
        errors: [404],
      },
      async (c) => {
        const { category, categoryNotTrans } = c.req.valid('json');
        const doc = await admin.update(category.id, {
          position: categoryNotTrans.position,
          name: category.name,
        });
        return c.json(toConsole(doc));
      },
    )
    .post(
      '/delete',
      {
        summary: 'Delete categories (the spec’s call): all or none',
        description: '409 naming the product count while any of them has products.',
        body: CategoryDeleteRequestSchema,
        response: {
          status: 200,
          description: 'The deleted ids',
          schema: CategoryDeleteResultSchema,
        },
        errors: [409],
      },
      async (c) => c.json({ deleted: await admin.delete(c.req.valid('json').categoryIds) }),
    );
