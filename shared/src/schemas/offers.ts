import { z } from 'zod';
import { CurrencySchema } from '../constants/currencies.ts';
import { ActivationRegionSchema } from './regions.ts';
import { SupplierIdSchema } from '../constants/suppliers.ts';
import { RateCurrencySchema } from './exchange-rates.ts';
import { KeyCountsSchema } from './keys.ts';

/**
 * Offers: a seller's price on a product (`/api/seller/offers`) and the admin console's view of
 * every seller's (`/api/admin/offers`). Money is integer cents.
 */

export const OFFER_STATUSES = ['active', 'paused', 'hidden'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const OfferStatusSchema = z.enum(OFFER_STATUSES);

/** The statuses a seller may set; `hidden` is the marketplace's to give. */
export const SELLER_OFFER_STATUSES = ['active', 'paused'] as const;
export const SellerOfferStatusSchema = z.enum(SELLER_OFFER_STATUSES);

const CentsSchema = z.number().int('Must be whole cents').positive('Must be more than 0');

/** Prices of an offer: EUR is required, USD and GBP are computed from it when missing. */
export const OfferPricesInputSchema = z.object({
  eur: CentsSchema,
  usd: CentsSchema.optional(),
  gbp: CentsSchema.optional(),
});
export type OfferPricesInput = z.infer<typeof OfferPricesInputSchema>;

/** A product id as the API carries it: the hex string of the server's ObjectId. */
const ObjectIdHexSchema = z.string().regex(/^[0-9a-f]{24}$/i, 'Not a product id');

/**
 * Where a supplier-priced offer's price lands after cost and margin, in each currency: `none`
 * keeps the cent, `to99` goes up to the next x.99, `to49or99` to the next x.49 or x.99.
 * Rounding only goes up, so it never undoes the floor.
 */
export const PRICE_ROUNDINGS = ['none', 'to99', 'to49or99'] as const;
export type PriceRounding = (typeof PRICE_ROUNDINGS)[number];
export const PriceRoundingSchema = z.enum(PRICE_ROUNDINGS);

/**
 * How a supplier-backed offer sells: `stocked` keys are bought ahead into the vault (restock);
 * `onDemand` declares the supplier's stock (capped) and buys each key after payment.
 */
export const SUPPLY_MODES = ['stocked', 'onDemand'] as const;
export type SupplyMode = (typeof SUPPLY_MODES)[number];
export const SupplyModeSchema = z.enum(SUPPLY_MODES);

/**
 * A supplier-backed offer's pricing rule: cost (converted to EUR) plus `marginPercent` plus
 * `marginFixedCents` (EUR cents), each currency converted with the admin's rates and rounded;
 * never below the floor (cost plus the marketplace's fees and the VAT the price holds).
 */
export const SupplierPricingSchema = z.object({
  marginPercent: z
    .number('Must be a number')
    .min(0, 'Must be 0 or more')
    .max(1000, 'Must be at most 1000')
    .multipleOf(0.01, 'At most two decimals'),
  marginFixedCents: z
    .number('Must be a number')
    .int('Must be whole cents')
    .min(0, 'Must be 0 or more')
    .max(1_000_000, 'Must be at most 10,000.00'),
  rounding: PriceRoundingSchema.default('none'),
});
export type SupplierPricing = z.infer<typeof SupplierPricingSchema>;

/** Keys the seller uploads (the default: an offer without `source` is one). */
export const UploadSourceInputSchema = z.object({ kind: z.literal('upload') });

/** Keys bought from a supplier through one of the seller's own connections. */
export const SupplierSourceInputSchema = z
  .object({
    kind: z.literal('supplier'),
    connectionId: z.string().trim().min(1, 'Choose a connection').max(64),
    /** The supplier's id of the product (its catalogue's `sku`). */
    sku: z.string().trim().min(1, 'Required').max(200),
    mode: SupplyModeSchema,
    /** On demand: the most units declared, whatever the supplier has. */
    stockCap: z
      .number('Must be a number')
      .int('Must be a whole number')
      .min(1, 'Must be 1 or more')
      .max(10_000, 'Must be at most 10,000')
      .optional(),
    /** The most one unit may cost, in cents of the supplier's currency: dearer is not bought. */
    costCeiling: CentsSchema,
    pricing: SupplierPricingSchema,
  })
  .refine((s) => s.mode !== 'onDemand' || s.stockCap !== undefined, {
    message: 'Required for on-demand offers',
    path: ['stockCap'],
  });
export type SupplierSourceInput = z.infer<typeof SupplierSourceInputSchema>;

export const OfferSourceInputSchema = z.discriminatedUnion('kind', [
  UploadSourceInputSchema,
  SupplierSourceInputSchema,
]);
export type OfferSourceInput = z.infer<typeof OfferSourceInputSchema>;

/** Uploaded keys need the seller's prices; a supplier's rule computes them. */
const pricesForUploads = (
  body: { source?: OfferSourceInput | undefined; prices?: OfferPricesInput | undefined },
  ctx: z.core.$RefinementCtx,
) => {
  if (body.source?.kind !== 'supplier' && !body.prices) {
    ctx.addIssue({ code: 'custom', message: 'Required', path: ['prices', 'eur'] });
  }
};

/**
 * Body of `POST /api/seller/offers`: sell on a product, with uploaded keys (the default, with
 * prices) or from a supplier (`source.kind: 'supplier'`, priced by its rule: `prices` ignored).
 */
export const SellerOfferCreateSchema = z
  .object({
    productId: ObjectIdHexSchema,
    prices: OfferPricesInputSchema.optional(),
    zeroVat: z.boolean().default(false),
    /** Where the keys activate; left out: what the supplier reports, else the product's region. */
    region: ActivationRegionSchema.optional(),
    status: SellerOfferStatusSchema.default('active'),
    source: OfferSourceInputSchema.default({ kind: 'upload' }),
  })
  .superRefine(pricesForUploads);
export type SellerOfferCreate = z.infer<typeof SellerOfferCreateSchema>;

/**
 * Body of `PUT /api/seller/offers/:id`; other fields of the record (react-admin sends it whole)
 * are ignored. `source` replaces the offer's source (an upload offer turned to a supplier's, a
 * new margin…); prices are the seller's only on upload offers.
 */
export const SellerOfferUpdateSchema = z.object({
  prices: OfferPricesInputSchema.optional(),
  zeroVat: z.boolean().optional(),
  /** Where the keys activate (docs/regions.md). */
  region: ActivationRegionSchema.optional(),
  status: SellerOfferStatusSchema.optional(),
  source: OfferSourceInputSchema.optional(),
});
export type SellerOfferUpdate = z.infer<typeof SellerOfferUpdateSchema>;

/** Body of `POST /api/seller/offers/:id/restock`: buy keys for a stocked supplier offer now. */
export const OfferRestockSchema = z.object({
  quantity: z
    .number('Must be a number')
    .int('Must be a whole number')
    .min(1, 'Must be 1 or more')
    .max(500, 'At most 500 a batch'),
});
export type OfferRestock = z.infer<typeof OfferRestockSchema>;

/** What a restock did: keys bought and stored, and the offer's stock after it. */
export const OfferRestockResultSchema = z.object({
  /** The batch's reference at the supplier (`stock:<offerId>:<batch>`). */
  clientRef: z.string(),
  purchaseId: z.string(),
  /** `pending`: the supplier has not delivered every code yet; the rest comes with a later restock of the same batch. */
  status: z.enum(['completed', 'pending']),
  stored: z.number().int().min(0),
  duplicates: z.number().int().min(0),
  stock: z.number().int().min(0),
});
export type OfferRestockResult = z.infer<typeof OfferRestockResultSchema>;

/**
 * Why the sync took a supplier offer off sale (it puts back only those): the supplier is out
 * of stock, asks more than the cost ceiling, no longer has the sku, the marketplace switched
 * the supplier off, the seller's connection is gone, or the supplier stopped answering (its
 * breaker is open).
 */
export const SYNC_PAUSE_REASONS = [
  'outOfStock',
  'overCeiling',
  'skuGone',
  'supplierOff',
  'noConnection',
  'supplierDown',
] as const;
export type SyncPauseReason = (typeof SYNC_PAUSE_REASONS)[number];
export const SyncPauseReasonSchema = z.enum(SYNC_PAUSE_REASONS);

/** A price in a supplier's currency. */
export const SupplierPriceSchema = z.object({ cents: z.number().int(), currency: CurrencySchema });

/** An offer's source as the consoles show it. */
export const OfferSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('upload') }),
  z.object({
    kind: z.literal('supplier'),
    supplier: SupplierIdSchema,
    connectionId: z.string(),
    sku: z.string(),
    mode: SupplyModeSchema,
    stockCap: z.number().int().nullable(),
    costCeiling: z.number().int(),
    pricing: SupplierPricingSchema,
    /** The unit cost the prices were last computed from; the supplier's currency. */
    cost: SupplierPriceSchema,
    /** Units the supplier had at the last sync. */
    supplierQuantity: z.number().int().min(0),
    syncedAt: z.iso.datetime(),
    /** Set while the sync holds the offer paused; the next sync that finds it sellable lifts it. */
    pausedBySync: SyncPauseReasonSchema.nullable(),
  }),
]);
export type OfferSource = z.infer<typeof OfferSourceSchema>;

/** An offer as the seller console shows it. */
export const SellerOfferSchema = z.object({
  id: z.string(),
  productId: z.string(),
  /** The product's English name. */
  productName: z.string(),
  prices: z.object({ eur: z.number().int(), usd: z.number().int(), gbp: z.number().int() }),
  stock: z.number().int().min(0),
  zeroVat: z.boolean(),
  /** Where the keys activate (docs/regions.md). */
  region: ActivationRegionSchema,
  status: OfferStatusSchema,
  source: OfferSourceSchema,
  createdAt: z.string(),
});
export type SellerOffer = z.infer<typeof SellerOfferSchema>;

/** An offer as the admin console shows it: the seller's view plus who sells and its keys. */
export const AdminOfferSchema = SellerOfferSchema.extend({
  sellerId: z.string(),
  sellerName: z.string(),
  /** The prices computed from EUR with the exchange rates (they follow rate changes). */
  convertedCurrencies: z.array(RateCurrencySchema),
  keyCounts: KeyCountsSchema,
});
export type AdminOffer = z.infer<typeof AdminOfferSchema>;

/** Body of `PUT /api/admin/offers/:id`; other fields of the record are ignored. */
export const AdminOfferUpdateSchema = z.object({
  prices: OfferPricesInputSchema.optional(),
  /** `hidden` takes the offer off the storefront until an admin sets it back. */
  status: OfferStatusSchema.optional(),
});
export type AdminOfferUpdate = z.infer<typeof AdminOfferUpdateSchema>;
