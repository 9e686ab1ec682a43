import { z } from 'zod';
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

/** Body of `POST /api/seller/offers`: sell on a product. */
export const SellerOfferCreateSchema = z.object({
  productId: ObjectIdHexSchema,
  prices: OfferPricesInputSchema,
  zeroVat: z.boolean().default(false),
  status: SellerOfferStatusSchema.default('active'),
});
export type SellerOfferCreate = z.infer<typeof SellerOfferCreateSchema>;

/** Body of `PUT /api/seller/offers/:id`; other fields of the record (react-admin sends it whole) are ignored. */
export const SellerOfferUpdateSchema = z.object({
  prices: OfferPricesInputSchema.optional(),
  zeroVat: z.boolean().optional(),
  status: SellerOfferStatusSchema.optional(),
});
export type SellerOfferUpdate = z.infer<typeof SellerOfferUpdateSchema>;

/** An offer as the seller console shows it. */
export const SellerOfferSchema = z.object({
  id: z.string(),
  productId: z.string(),
  /** The product's English name. */
  productName: z.string(),
  prices: z.object({ eur: z.number().int(), usd: z.number().int(), gbp: z.number().int() }),
  stock: z.number().int().min(0),
  zeroVat: z.boolean(),
  status: OfferStatusSchema,
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
