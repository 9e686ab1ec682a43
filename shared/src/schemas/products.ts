import { z } from 'zod';
import { CategoryIdSchema } from '../constants/categories.ts';
import { CurrencySchema } from '../constants/currencies.ts';
import {
  IMAGE_SHAPES,
  IMAGE_SIZES,
  ProductTypeSchema,
  type ProductType,
} from '../constants/products.ts';
import { RegionSchema } from './regions.ts';
import { SLUG_PATTERN } from '../lib/slug.ts';
import { ProductPricesSchema } from './catalogue.ts';
import { ImageAssetSchema } from './product-images.ts';
import { localizedText, LocalizedTextSchema } from './localized-text.ts';

/**
 * Products as the admin console edits them (`/api/admin/products`) and as the seller's catalogue
 * lists them; the storefront's view is `StoreProduct` (catalogue.ts). Money is integer cents.
 */

export const ProductSlugSchema = z
  .string()
  .trim()
  .max(120)
  .regex(SLUG_PATTERN, 'Use lower-case letters, digits and single hyphens');

/** Names: English is required; Italian may be left empty and then falls back to English. */
export const ProductNameSchema = z.object({
  en: z.string().trim().min(1, 'Required').max(200),
  it: z.string().trim().max(200).default(''),
});

export const ProductDescriptionSchema = localizedText(z.string().trim().max(5000).default(''));

/** A gift card's face value: integer cents of a currency. */
export const DenominationSchema = z.object({
  amount: z.number().int('Must be whole cents').positive('Must be more than 0'),
  currency: CurrencySchema,
});
export type Denomination = z.infer<typeof DenominationSchema>;

export const ProductImageInputSchema = z.object({
  url: z
    .string()
    .trim()
    .max(500)
    .regex(/^(https?:\/\/|\/)\S+$/, 'A web address (https://…) or a path starting with /'),
  shape: z.enum(IMAGE_SHAPES),
  size: z.enum(IMAGE_SIZES),
  /** Set by the upload (kept as the console sends it back); only ever points at our own images. */
  asset: ImageAssetSchema.optional(),
});

/** A tag id, e.g. `gift-card`. */
export const ProductTagSchema = z
  .string()
  .trim()
  .max(40)
  .regex(SLUG_PATTERN, 'Use lower-case letters, digits and single hyphens');

/** Why a denomination does not fit the type, or null when it does: gift cards need one, others must not have one. */
export function denominationIssue(
  type: ProductType,
  denomination: Denomination | null | undefined,
): string | null {
  if (type === 'giftcard') return denomination ? null : 'A gift card needs a denomination';
  return denomination ? 'Only gift cards have a denomination' : null;
}

/** The fields of a product an admin (or a seller's proposal) gives, before the type rule. */
export const ProductFieldsSchema = z.object({
  name: ProductNameSchema,
  description: ProductDescriptionSchema.default({ en: '', it: '' }),
  categoryId: CategoryIdSchema,
  /** A brand id or name; a name no brand has yet creates the brand. */
  brand: z.string().trim().min(1, 'Required').max(80),
  /** The slug of one of the marketplace's platforms (checked by the server). */
  platform: z.string().trim().min(1, 'Required').max(64),
  region: RegionSchema,
  type: ProductTypeSchema,
  denomination: DenominationSchema.nullable().default(null),
  images: z.array(ProductImageInputSchema).max(20).default([]),
  tags: z.array(ProductTagSchema).max(20).default([]),
});

/** The gift-card rule as a zod refinement, reported on `denomination`. */
export function checkDenomination(
  value: { type: ProductType; denomination: Denomination | null },
  ctx: z.RefinementCtx,
): void {
  const issue = denominationIssue(value.type, value.denomination);
  if (issue) ctx.addIssue({ code: 'custom', message: issue, path: ['denomination'] });
}

/** Body of `POST /api/admin/products`; the slug, when left out, is derived from the English name. */
export const ProductCreateSchema = ProductFieldsSchema.extend({
  slug: ProductSlugSchema.optional(),
}).superRefine(checkDenomination);
export type ProductCreate = z.infer<typeof ProductCreateSchema>;

/**
 * Body of `PUT /api/admin/products/:id`: any of the fields; read-only ones of the record
 * (react-admin sends it whole) are ignored. The gift-card rule is checked on the result.
 */
export const ProductUpdateSchema = z.object({
  name: ProductNameSchema.optional(),
  description: ProductDescriptionSchema.optional(),
  slug: ProductSlugSchema.optional(),
  categoryId: CategoryIdSchema.optional(),
  brand: ProductFieldsSchema.shape.brand.optional(),
  platform: ProductFieldsSchema.shape.platform.optional(),
  region: RegionSchema.optional(),
  type: ProductTypeSchema.optional(),
  denomination: DenominationSchema.nullable().optional(),
  images: z.array(ProductImageInputSchema).max(20).optional(),
  tags: z.array(ProductTagSchema).max(20).optional(),
});
export type ProductUpdate = z.infer<typeof ProductUpdateSchema>;

/** A product as the admin console shows it. */
export const AdminProductSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: LocalizedTextSchema,
  description: LocalizedTextSchema,
  categoryId: CategoryIdSchema,
  brand: z.string(),
  platform: z.string(),
  region: RegionSchema,
  type: ProductTypeSchema,
  denomination: DenominationSchema.nullable(),
  images: z.array(ProductImageInputSchema),
  tags: z.array(z.string()),
  prices: ProductPricesSchema,
  /** Offers of any status on the product; it cannot be deleted while there are any. */
  offerCount: z.number().int().min(0),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

/** The sort fields of the admin product list. */
export const ADMIN_PRODUCT_SORTS = ['name.en', 'createdAt', 'eurMin'] as const;

/** A product as the seller's catalogue shows it, with the caller's own offer on it if any. */
export const SellerCatalogueProductSchema = z.object({
  id: z.string(),
  /** The English name. */
  name: z.string(),
  categoryId: CategoryIdSchema,
  platform: z.string(),
  region: RegionSchema,
  type: ProductTypeSchema,
  prices: ProductPricesSchema,
  /** The caller's offer on this product, or null when they do not sell it. */
  myOfferId: z.string().nullable(),
});
export type SellerCatalogueProduct = z.infer<typeof SellerCatalogueProductSchema>;
