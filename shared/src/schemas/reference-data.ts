import { z } from 'zod';
import { CategoryIdSchema } from '../constants/categories.ts';

/**
 * The admin console's reference data: categories, macrocategories, platforms, brands, tags and
 * the home page's content. Each resource is ra-data-simple-rest under `/api/admin/<resource>`.
 */

/** The slug of a name: lower-case letters and digits joined by single hyphens. */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const SlugSchema = z
  .string()
  .max(64)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens');

const NameSchema = z.string({ error: 'Required' }).trim().min(1, 'Required').max(100);

/** A text in every locale; both are required. */
export const LocalizedNameSchema = z.object({ en: NameSchema, it: NameSchema });
export type LocalizedName = z.infer<typeof LocalizedNameSchema>;

const PositionSchema = z.number().int().min(0).max(10_000);

// ---- categories -------------------------------------------------------------------------------

/** A category as the admin console reads it. */
export const AdminCategorySchema = z.object({
  id: CategoryIdSchema,
  position: z.number().int(),
  name: z.object({ en: z.string(), it: z.string() }),
});
export type AdminCategory = z.infer<typeof AdminCategorySchema>;

/** `PUT /api/admin/categories/:id`: the four ids are fixed, so only position and names change. */
export const CategoryUpdateSchema = z.object({
  position: PositionSchema,
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
  categoryNotTrans: z.object({ position: PositionSchema }),
});
export type CategoryEditRequest = z.infer<typeof CategoryEditRequestSchema>;

/** `POST /api/admin/categories/delete` (the spec's call): all or nothing. */
export const CategoryDeleteRequestSchema = z.object({
  categoryIds: z.array(CategoryIdSchema).min(1).max(10),
});
export type CategoryDeleteRequest = z.infer<typeof CategoryDeleteRequestSchema>;

export const CategoryDeleteResultSchema = z.object({ deleted: z.array(CategoryIdSchema) });
export type CategoryDeleteResult = z.infer<typeof CategoryDeleteResultSchema>;

// ---- macrocategories and tags (id = slug of the English name) --------------------------------

/** A macrocategory as the admin console reads it. */
export const AdminMacrocategorySchema = z.object({ id: z.string(), name: LocalizedNameSchema });
export type AdminMacrocategory = z.infer<typeof AdminMacrocategorySchema>;

/** Create and update of a macrocategory; the id is the slug of the English name, set once. */
export const MacrocategoryWriteSchema = z.object({ name: LocalizedNameSchema });
export type MacrocategoryWrite = z.infer<typeof MacrocategoryWriteSchema>;

/** A product tag: products keep tag ids in `tags`. */
export const TagSchema = z.object({ id: z.string(), name: LocalizedNameSchema });
export type Tag = z.infer<typeof TagSchema>;

/** Create and update of a tag; the id is the slug of the English name, set once. */
export const TagWriteSchema = z.object({ name: LocalizedNameSchema });
export type TagWrite = z.infer<typeof TagWriteSchema>;

// ---- platforms ---------------------------------------------------------------------------------

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
  name: NameSchema,
  guidePath: GuidePathSchema.nullable().default(null),
  position: PositionSchema,
});
export type PlatformCreate = z.infer<typeof PlatformCreateSchema>;

/** `PUT /api/admin/platforms/:id`: the slug is fixed (products refer to it). */
export const PlatformUpdateSchema = z.object({
  name: NameSchema,
  guidePath: GuidePathSchema.nullable(),
  position: PositionSchema,
});
export type PlatformUpdate = z.infer<typeof PlatformUpdateSchema>;

// ---- brands ------------------------------------------------------------------------------------

/** A brand as the admin console reads it (see `BrandSchema` for the public shape). */
export const AdminBrandSchema = z.object({ id: z.string(), name: z.string() });
export type AdminBrand = z.infer<typeof AdminBrandSchema>;

/** `POST /api/admin/brands`: the id defaults to the slug of the name; names are unique. */
export const BrandCreateSchema = z.object({ id: SlugSchema.optional(), name: NameSchema });
export type BrandCreate = z.infer<typeof BrandCreateSchema>;

/** `PUT /api/admin/brands/:id`: renames the brand (products naming it follow). */
export const BrandUpdateSchema = z.object({ name: NameSchema });
export type BrandUpdate = z.infer<typeof BrandUpdateSchema>;

// ---- home content ------------------------------------------------------------------------------

export const MAX_FEATURED_PRODUCTS = 12;
export const MAX_BANNERS = 10;

const UrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine(
    (v) => /^https?:\/\/[^\s]+$/i.test(v) || /^\/(?!\/)[^\s\\]*$/.test(v),
    'Must be an http(s) URL or a path starting with /',
  );

const BannerTextSchema = z.object({
  en: z.string().trim().max(200),
  it: z.string().trim().max(200),
});

/** A banner on the home page; both languages' texts are kept and served per locale. */
export const BannerSchema = z.object({
  title: z.object({ en: NameSchema, it: NameSchema }),
  subtitle: BannerTextSchema.default({ en: '', it: '' }),
  imageUrl: UrlSchema,
  linkUrl: UrlSchema,
  active: z.boolean().default(true),
});
export type Banner = z.infer<typeof BannerSchema>;

/** A product id as stored: the hex string of its ObjectId. */
const FeaturedProductIdSchema = z.string().regex(/^[0-9a-f]{24}$/i, 'Not a product id');

/** `PUT /api/admin/home-content/home`: featured products in order, and the banners. */
export const HomeContentUpdateSchema = z.object({
  featuredProductIds: z
    .array(FeaturedProductIdSchema)
    .max(MAX_FEATURED_PRODUCTS, `At most ${MAX_FEATURED_PRODUCTS} products`)
    .refine((ids) => new Set(ids).size === ids.length, 'A product is featured twice'),
  banners: z.array(BannerSchema).max(MAX_BANNERS, `At most ${MAX_BANNERS} banners`),
});
export type HomeContentUpdate = z.infer<typeof HomeContentUpdateSchema>;

/** The home content singleton; its id is always `home`. */
export const HomeContentSchema = HomeContentUpdateSchema.extend({
  id: z.literal('home'),
  updatedAt: z.string().nullable(),
});
export type HomeContent = z.infer<typeof HomeContentSchema>;

/** An active banner as the storefront gets it: texts already in the requested locale. */
export const PublicBannerSchema = z.object({
  title: z.string(),
  subtitle: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
});
export type PublicBanner = z.infer<typeof PublicBannerSchema>;
