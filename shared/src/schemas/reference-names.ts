import { z } from 'zod';
import { localizedText } from './localized-text.ts';

/** The fields reference data shares: categories, macrocategories, platforms, brands and tags. */

/** A name an admin gives to reference data. */
export const ReferenceNameSchema = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(100);

/** A name in every locale; both are required. */
export const LocalizedNameSchema = localizedText(ReferenceNameSchema);
export type LocalizedName = z.infer<typeof LocalizedNameSchema>;

/** Where an item sorts in its list (categories, platforms). */
export const ListPositionSchema = z.number().int().min(0).max(10_000);
