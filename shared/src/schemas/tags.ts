import { z } from 'zod';
import { LocalizedNameSchema } from './reference-names.ts';

/** Product tags (`/api/admin/tags`): products keep tag ids in `tags`; the id is the slug of the English name. */

/** A product tag. */
export const TagSchema = z.object({ id: z.string(), name: LocalizedNameSchema });
export type Tag = z.infer<typeof TagSchema>;

/** Create and update of a tag; the id is the slug of the English name, set once. */
export const TagWriteSchema = z.object({ name: LocalizedNameSchema });
export type TagWrite = z.infer<typeof TagWriteSchema>;
