import { z } from 'zod';

/** The seller console's offers and key uploads (`/api/seller/offers`). Money is integer cents. */

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

/** The most codes one upload may carry. */
export const MAX_KEY_UPLOAD = 5000;

/**
 * What an uploaded code must look like once trimmed: 5–64 letters, digits and separators (space,
 * hyphen, underscore, dot), starting and ending with a letter or digit. Wider than
 * `KEY_CODE_PATTERN` (the marketplace's own 4×4 codes) because platforms issue keys of many shapes
 * (Steam's 5×3 …). The code is stored as uploaded; duplicates are found ignoring case and
 * separators (`ABCDE-FGHIJ`, `ABCDEFGHIJ` and `abcde fghij` are one key).
 */
export const UPLOAD_KEY_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ._-]{3,62}[A-Za-z0-9]$/;

/** Body of `POST /api/seller/offers/:id/keys`: malformed codes are counted, not refused. */
export const KeyUploadSchema = z.object({
  codes: z.array(z.string().max(256)).min(1, 'At least one code').max(MAX_KEY_UPLOAD),
});
export type KeyUpload = z.infer<typeof KeyUploadSchema>;

/** The answer to a key upload: counts only, never the codes. */
export const KeyUploadResultSchema = z.object({
  accepted: z.number().int().min(0),
  /** Repeated within the upload, or already among the seller's own keys. */
  duplicates: z.number().int().min(0),
  /**
   * Malformed, or not accepted for a reason the report does not give (a code another seller
   * holds: saying so would tell the uploader that the code is in circulation; admins are alerted).
   */
  rejected: z.number().int().min(0),
  /** The offer's available keys after the upload. */
  stock: z.number().int().min(0),
});
export type KeyUploadResult = z.infer<typeof KeyUploadResultSchema>;
