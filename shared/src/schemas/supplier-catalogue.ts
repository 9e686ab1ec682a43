import { z } from 'zod';
import { CategoryIdSchema } from '../constants/categories.ts';
import { CurrencySchema } from '../constants/currencies.ts';
import { ProductTypeSchema } from '../constants/products.ts';
import { RegionSchema } from './regions.ts';
import { SupplierIdSchema } from '../constants/suppliers.ts';
import { DenominationSchema, ProductFieldsSchema } from './products.ts';

/**
 * A supplier's catalogue as the seller console maps it (`/api/seller/supplier-products`) and the
 * imports that fill it (`/api/seller/supplier-imports`). Products are the supplier's, shared by
 * every seller connected to it; the mapping to a marketplace product is each seller's own.
 */

/** A marketplace product a supplier product is (or may be) sold as. */
const MatchedProductSchema = z.object({
  productId: z.string(),
  /** The English name. */
  name: z.string(),
  /** The platform's slug. */
  platform: z.string(),
  region: RegionSchema,
});

/** A product the marketplace suggests for a supplier product, scored 0–1 (1: same name, platform and region). */
export const SupplierSuggestionSchema = MatchedProductSchema.extend({
  score: z.number().min(0).max(1),
});
export type SupplierSuggestion = z.infer<typeof SupplierSuggestionSchema>;

/** One product of a connected supplier's catalogue, with the caller's mapping and suggestions. */
export const SellerSupplierProductSchema = z.object({
  id: z.string(),
  supplier: SupplierIdSchema,
  /** The supplier's id for it. */
  sku: z.string(),
  name: z.string(),
  /** The marketplace platform (slug) the supplier's spelling maps to; null when unknown. */
  platform: z.string().nullable(),
  /** As the supplier spells it. */
  supplierPlatform: z.string().nullable(),
  /** Global for a worldwide key, ROW for any narrower region; null when the supplier says none. */
  region: RegionSchema.nullable(),
  /** As the supplier spells them. */
  supplierRegions: z.array(z.string()),
  /** Units the supplier has now. */
  quantity: z.number().int().min(0),
  /** What one unit costs at the supplier, in integer cents of its currency. */
  cost: z.object({ cents: z.number().int(), currency: CurrencySchema }),
  imageUrl: z.string().nullable(),
  preOrder: z.boolean(),
  /** When an import last saw it in the supplier's catalogue. */
  seenAt: z.string(),
  /** The marketplace product the caller sells it as; null until confirmed. */
  mapping: MatchedProductSchema.extend({ confirmedAt: z.string() }).nullable(),
  /** The caller's proposal of a new product made from it, if any. */
  proposalId: z.string().nullable(),
  /** The best matches in the marketplace catalogue, best first (at most three). */
  suggestions: z.array(SupplierSuggestionSchema),
});
export type SellerSupplierProduct = z.infer<typeof SellerSupplierProductSchema>;

/** Body of `PUT /api/seller/supplier-products/:id`: map to a product, or clear with null. */
export const SupplierMappingUpdateSchema = z.object({
  productId: z.string().trim().min(1, 'Required').max(64).nullable(),
});
export type SupplierMappingUpdate = z.infer<typeof SupplierMappingUpdateSchema>;

/**
 * Body of `POST /api/seller/supplier-products/:id/propose`: what the supplier does not say about
 * the product. Name, platform and region come from the supplier product unless given here.
 */
export const SupplierProductProposeSchema = z.object({
  categoryId: CategoryIdSchema,
  brand: ProductFieldsSchema.shape.brand,
  type: ProductTypeSchema,
  platform: ProductFieldsSchema.shape.platform.optional(),
  region: RegionSchema.optional(),
  denomination: DenominationSchema.nullable().default(null),
  note: z.string().trim().max(1000).default(''),
});
export type SupplierProductPropose = z.infer<typeof SupplierProductProposeSchema>;

/**
 * `running`: paging the supplier's catalogue (resumed after a restart); `done`: every page read
 * and products the supplier no longer lists marked gone; `failed`: the supplier refused or stayed
 * unavailable (`error` says why; start another).
 */
export const SUPPLIER_IMPORT_STATUSES = ['running', 'done', 'failed'] as const;
export type SupplierImportStatus = (typeof SUPPLIER_IMPORT_STATUSES)[number];
export const SupplierImportStatusSchema = z.enum(SUPPLIER_IMPORT_STATUSES);

/** An import of a connection's catalogue, as the console polls it. */
export const SupplierImportSchema = z.object({
  id: z.string(),
  connectionId: z.string(),
  supplier: SupplierIdSchema,
  status: SupplierImportStatusSchema,
  /** Products read so far. */
  done: z.number().int().min(0),
  /**
   * The catalogue's size: the supplier's own count when it gives one, else the size of the last
   * complete import (`estimated`), else null (the console shows an indeterminate bar).
   */
  total: z.number().int().min(0).nullable(),
  estimated: z.boolean(),
  pages: z.number().int().min(0),
  /** Why it failed; null otherwise. */
  error: z.string().nullable(),
  startedAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type SupplierImport = z.infer<typeof SupplierImportSchema>;

/** Body of `POST /api/seller/supplier-imports`. */
export const SupplierImportCreateSchema = z.object({
  connectionId: z.string().trim().min(1, 'Required').max(64),
});
export type SupplierImportCreate = z.infer<typeof SupplierImportCreateSchema>;
