import { z } from 'zod';
import { SlugSchema } from '../lib/slug.ts';
import { ReferenceNameSchema } from './reference-names.ts';

/** Brands (the spec's subcategories): publishers, software houses, gift-card issuers (`/api/admin/brands`). */

/** A brand as the storefront gets it. */
export const BrandSchema = z.object({ id: z.string(), name: z.string() });
export type Brand = z.infer<typeof BrandSchema>;

/** The brand answered when the lookup fails (spec section 8). */
export const EMPTY_BRAND: Brand = { id: '', name: '' };

/** A brand as the admin console reads it (the public shape, documented apart). */
export const AdminBrandSchema = z.object({ id: z.string(), name: z.string() });
export type AdminBrand = z.infer<typeof AdminBrandSchema>;

/** `POST /api/admin/brands`: the id defaults to the slug of the name; names are unique. */
export const BrandCreateSchema = z.object({ id: SlugSchema.optional(), name: ReferenceNameSchema });
export type BrandCreate = z.infer<typeof BrandCreateSchema>;

/** `PUT /api/admin/brands/:id`: renames the brand (products naming it follow). */
export const BrandUpdateSchema = z.object({ name: ReferenceNameSchema });
export type BrandUpdate = z.infer<typeof BrandUpdateSchema>;
