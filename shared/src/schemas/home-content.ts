import { z } from 'zod';
import { localizedText } from './localized-text.ts';
import { LocalizedNameSchema } from './reference-names.ts';

/** The home page's content (`/api/admin/home-content/home`): featured products and banners. */

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

const BannerTextSchema = localizedText(z.string().trim().max(200));

/** A banner on the home page; both languages' texts are kept and served per locale. */
export const BannerSchema = z.object({
  title: LocalizedNameSchema,
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
