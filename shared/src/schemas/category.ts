import { z } from 'zod';
import { CategoryIdSchema } from '../constants/categories.ts';
import { LocaleSchema } from '../constants/locales.ts';

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
