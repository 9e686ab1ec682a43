import { z } from 'zod';
import { SlugSchema } from '../lib/slug.ts';
import { ListPositionSchema, ReferenceNameSchema } from './reference-names.ts';

/** Platforms a key activates on (`/api/admin/platforms`, and in the storefront's state). */

/** A platform as the storefront gets it. */
export const PlatformInfoSchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** Path of the activation guide; null for PS Vita and XBOX 360, which have none. */
  guidePath: z.string().nullable(),
});
export type PlatformInfo = z.infer<typeof PlatformInfoSchema>;

const GuidePathSchema = z
  .string()
  .max(200)
  .regex(/^\/[\w\-/.]*$/, 'Must be a path on the shop, starting with /');

/** A platform as the admin console reads it. */
export const AdminPlatformSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Activation-guide path; null when the platform has no guide. */
  guidePath: z.string().nullable(),
  position: z.number().int(),
});
export type AdminPlatform = z.infer<typeof AdminPlatformSchema>;

/** `POST /api/admin/platforms`: the id defaults to the slug of the name. */
export const PlatformCreateSchema = z.object({
  id: SlugSchema.optional(),
  name: ReferenceNameSchema,
  guidePath: GuidePathSchema.nullable().default(null),
  position: ListPositionSchema,
});
export type PlatformCreate = z.infer<typeof PlatformCreateSchema>;

/** `PUT /api/admin/platforms/:id`: the slug is fixed (products refer to it). */
export const PlatformUpdateSchema = z.object({
  name: ReferenceNameSchema,
  guidePath: GuidePathSchema.nullable(),
  position: ListPositionSchema,
});
export type PlatformUpdate = z.infer<typeof PlatformUpdateSchema>;
