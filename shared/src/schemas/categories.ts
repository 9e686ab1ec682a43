import { z } from 'zod';
import { CategoryIdSchema } from '../constants/categories.ts';
import { LocaleSchema } from '../constants/locales.ts';
import { LocalizedTextSchema } from './localized-text.ts';
import { ListPositionSchema, LocalizedNameSchema } from './reference-names.ts';

/**
 * The four categories: the public calls (`public/categories/*`, names in the requested locale)
 * and the admin console's `categories` resource (names in every locale).
 */

/** Body of `public/categories/get-public` and the other locale-only category calls. */
export const LocaleRequestSchema = z.object({ locale: LocaleSchema.default('en') });
export type LocaleRequest = z.infer<typeof LocaleRequestSchema>;

/** A category as the public API answers it: the name is already in the requested locale. */
export const PublicCategorySchema = z.object({
  id: CategoryIdSchema,
  position: z.number().int(),
  name: z.string(),
});
export type PublicCategory = z.infer<typeof PublicCategorySchema>;

/** Body of `public/categories/get-by-id`. */
export const CategoryByIdRequestSchema = z.object({
  id: z.string().min(1).max(64),
  locale: LocaleSchema.default('en'),
});
export type CategoryByIdRequest = z.infer<typeof CategoryByIdRequestSchema>;

/** A category of `get-list-prod-count`: how many products it holds. */
export const CategoryWithCountSchema = PublicCategorySchema.extend({
  productCount: z.number().int().min(0),
});
export type CategoryWithCount = z.infer<typeof CategoryWithCountSchema>;

/** A category of `get-all`: the name in the locale plus the names in every locale. */
export const CategoryWithNamesSchema = PublicCategorySchema.extend({ names: LocalizedTextSchema });
export type CategoryWithNames = z.infer<typeof CategoryWithNamesSchema>;

/** A category as the admin console reads it. */
export const AdminCategorySchema = z.object({
  id: CategoryIdSchema,
  position: z.number().int(),
  name: LocalizedTextSchema,
});
export type AdminCategory = z.infer<typeof AdminCategorySchema>;

/** `PUT /api/admin/categories/:id`: the four ids are fixed, so only position and names change. */
export const CategoryUpdateSchema = z.object({
  position: ListPositionSchema,
  name: LocalizedNameSchema,
});
export type CategoryUpdate = z.infer<typeof CategoryUpdateSchema>;

/**
 * `POST /api/admin/categories/edit` (the spec's call). `category` is the translated part of the
 * record (its id and the name in every locale), `categoryNotTrans` the part no locale changes
 * (the position).
 */
export const CategoryEditRequestSchema = z.object({
  category: z.object({ id: CategoryIdSchema, name: LocalizedNameSchema }),
  categoryNotTrans: z.object({ position: ListPositionSchema }),
});
export type CategoryEditRequest = z.infer<typeof CategoryEditRequestSchema>;

/** `POST /api/admin/categories/delete` (the spec's call): all or nothing. */
export const CategoryDeleteRequestSchema = z.object({
  categoryIds: z.array(CategoryIdSchema).min(1).max(10),
});
export type CategoryDeleteRequest = z.infer<typeof CategoryDeleteRequestSchema>;

export const CategoryDeleteResultSchema = z.object({ deleted: z.array(CategoryIdSchema) });
export type CategoryDeleteResult = z.infer<typeof CategoryDeleteResultSchema>;
