import { z } from 'zod';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../constants/cart.ts';
import { CurrencySchema } from '../constants/currencies.ts';
import { COUPON_CODE_INPUT_MAX_LENGTH } from '../constants/limits.ts';
import { LocaleSchema } from '../constants/locales.ts';
import { CountryCodeSchema } from './regions.ts';

/**
 * The cart (spec sections 3, 4 and 7). A line is one seller's offer on one product (an offer is
 * identified by `productId` + `sellerId`). `price` is the spec's unit price in major units
 * rounded to 2 decimals, as the client shows it; every sum is done in integer cents
 * (`cart-math.ts`). The server is authoritative: it re-reads price, name and VAT class from the
 * live offer and ignores what the client sent for them.
 */

const ProductIdSchema = z.string().regex(/^[0-9a-f]{24}$/i, 'Not a product id');
const SellerIdSchema = z.string().min(1).max(128);

/** A line as the client sends it. Quantity 0 is kept here; `addToCart` turns it into 1. */
export const CartProductInputSchema = z.object({
  productId: ProductIdSchema,
  sellerId: SellerIdSchema,
  quantity: z
    .number()
    .int('Must be a whole number')
    .min(0, 'Must not be negative')
    .max(MAX_LINE_QUANTITY, `At most ${MAX_LINE_QUANTITY}`)
    .default(1),
  currency: CurrencySchema.default('eur'),
  /** Ignored: the server prices lines from the live offer. */
  price: z.number().optional(),
  /** Ignored: the offer says. */
  isZeroVat: z.boolean().optional(),
  /** Ignored: the product says. */
  name: z.string().max(300).optional(),
  /**
   * The buyer confirmed buying this offer although its key does not activate in `country`
   * (docs/regions.md); `at` is the server's to write, a client's is ignored.
   */
  regionConfirmed: z.object({ country: CountryCodeSchema }).optional(),
});
export type CartProductInput = z.input<typeof CartProductInputSchema>;

/** A buyer's confirmation that they buy a key that does not activate in their country. */
export const RegionConfirmationSchema = z.object({ country: CountryCodeSchema, at: z.string() });
export type RegionConfirmation = z.infer<typeof RegionConfirmationSchema>;

/** A cart line: the spec's fields, plus `outOfStock` when its offer has no keys (quantity 0). */
export const CartProductSchema = z.object({
  productId: z.string(),
  quantity: z.number().int().min(0),
  /** Unit price in major units, 2 decimals (19.99). */
  price: z.number(),
  currency: CurrencySchema,
  isZeroVat: z.boolean(),
  sellerId: z.string(),
  name: z.string(),
  /** The offer sells nothing now (no keys, paused or gone): the line waits at quantity 0. */
  outOfStock: z.boolean().optional(),
  /** The buyer confirmed the key does not activate in their country: which, and when (ISO 8601). */
  regionConfirmed: RegionConfirmationSchema.optional(),
});
export type CartProduct = z.infer<typeof CartProductSchema>;

/** A signed-in buyer's cart (`GET /api/cart/get`). */
export const CartSchema = z.object({
  id: z.string(),
  products: z.array(CartProductSchema),
  quantityTotal: z.number().int().min(0),
  /** ISO 8601. */
  lastUpdate: z.string(),
  /** The line the last `addToCart` touched. */
  recentItem: CartProductSchema.nullable(),
  addedFromCartPage: z.boolean(),
});
export type Cart = z.infer<typeof CartSchema>;

/**
 * Body of `POST /api/cart/addToCart`: lines to add (or to add to). `transactionId` (the spec's
 * base-36 time + random digits) makes a retried call a no-op; signing in sends the guest cart
 * through here to merge it.
 */
export const AddToCartRequestSchema = z.object({
  transactionId: z
    .string()
    .min(4)
    .max(64)
    .regex(/^[a-z0-9]+$/i, 'Base-36 digits only'),
  products: z.array(CartProductInputSchema).min(1, 'At least one line').max(MAX_CART_LINES),
  addedFromCartPage: z.boolean().default(false),
  /**
   * The buyer's country (ISO 3166-1 alpha-2): a line whose key does not activate there is
   * refused (409 `REGION_NOT_CONFIRMED`) unless it carries `regionConfirmed` for it.
   */
  country: CountryCodeSchema.optional(),
});
export type AddToCartRequest = z.input<typeof AddToCartRequestSchema>;

/** Body of `POST /api/user/cart/updateCartProducts`: the cart's lines, replaced whole. */
export const UpdateCartProductsRequestSchema = z.object({
  products: z.array(CartProductInputSchema).max(MAX_CART_LINES),
  /** The buyer's country: checked as `addToCart` checks it. */
  country: CountryCodeSchema.optional(),
});
export type UpdateCartProductsRequest = z.input<typeof UpdateCartProductsRequestSchema>;

export const UpdateCartProductsResultSchema = z.object({
  success: z.boolean(),
  updatedResult: CartSchema,
});
export type UpdateCartProductsResult = z.infer<typeof UpdateCartProductsResultSchema>;

/** Body of `POST /api/cart/updateCartSummary`: what these lines cost now in `currency`. */
export const CartSummaryRequestSchema = z.object({
  products: z.array(CartProductInputSchema).max(MAX_CART_LINES),
  currency: CurrencySchema,
  couponCode: z.string().trim().max(COUPON_CODE_INPUT_MAX_LENGTH).optional(),
  /** The language of the lines' names. */
  locale: LocaleSchema.default('en'),
  /**
   * The buyer's billing country (ISO 3166-1 alpha-2): each line's VAT is then that Member
   * State's standard rate, none outside the EU. Left out: the shop's own country's rate.
   */
  billingCountry: CountryCodeSchema.optional(),
});
export type CartSummaryRequest = z.input<typeof CartSummaryRequestSchema>;

export const CartSummaryLineSchema = z.object({
  productId: z.string(),
  sellerId: z.string(),
  name: z.string(),
  quantity: z.number().int().min(0),
  unitCents: z.number().int(),
  /** unit × quantity, before the discount. */
  lineCents: z.number().int(),
  discountCents: z.number().int().min(0),
  isZeroVat: z.boolean(),
  vatRateBps: z.number().int().min(0),
  /** VAT inside what the line costs after its discount. */
  vatIncludedCents: z.number().int().min(0),
  outOfStock: z.boolean(),
});
export type CartSummaryLine = z.infer<typeof CartSummaryLineSchema>;

/** The cart summary: gross prices (VAT included), the coupon's discount and the VAT they hold. */
export const CartSummarySchema = z.object({
  currency: CurrencySchema,
  lines: z.array(CartSummaryLineSchema),
  quantityTotal: z.number().int().min(0),
  subtotalCents: z.number().int().min(0),
  discountCents: z.number().int().min(0),
  vatIncludedCents: z.number().int().min(0),
  totalCents: z.number().int().min(0),
  coupon: z
    .object({
      code: z.string(),
      valid: z.boolean(),
      reason: z.string().optional(),
    })
    .nullable(),
});
export type CartSummary = z.infer<typeof CartSummarySchema>;
