import { z } from 'zod';

/*
 * CodesWholesale's v2 API as the adapter reads it (see README.md for where each field comes from
 * and how sure we are). Unknown fields are dropped; fields the adapter does not need are left
 * out; fields whose presence the SDKs disagree on are optional or nullable.
 */

/** `POST /oauth/token` (client credentials). */
export const TokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().positive(),
});

/** One quantity tier of a product's price list: `value` EUR per unit from `from` units up. */
const PriceTierSchema = z.object({
  from: z.number(),
  to: z.number().nullish(),
  value: z.number().nonnegative(),
});

export const ProductSchema = z.object({
  productId: z.string().min(1),
  name: z.string(),
  platform: z.string().nullish(),
  regions: z.array(z.string()).nullish(),
  quantity: z.number().int().nonnegative(),
  prices: z.array(PriceTierSchema),
  images: z.array(z.object({ format: z.string().nullish(), image: z.string() })).nullish(),
  /** ISO-8601; in the future for a product not released yet. */
  releaseDate: z.string().nullish(),
});
export type WireProduct = z.infer<typeof ProductSchema>;

/** `GET /v2/products`: the whole price list at once. */
export const ProductListSchema = z.object({ items: z.array(ProductSchema) });

/**
 * One code of an order. `codeType` is primary; the legacy PHP SDK read `status` instead
 * ("Text code", "Image code", "Pre-ordered code"). The pre-order type is spelt `CODE_PREORDER` by
 * the Go SDK and `PRE_ORDER` by the v3 community SDK. For an image `code` is base64 data, which
 * an order may leave out (fetch `GET /v2/codes/{codeId}`).
 */
export const CodeSchema = z.object({
  codeId: z.string().min(1),
  codeType: z.string().nullish(),
  status: z.string().nullish(),
  code: z.string().nullish(),
  /** `filename` in v2, `fileName` in the Go SDK. */
  filename: z.string().nullish(),
  fileName: z.string().nullish(),
});
export type WireCode = z.infer<typeof CodeSchema>;

const OrderProductSchema = z.object({
  productId: z.string().min(1),
  unitPrice: z.number().nonnegative(),
  codes: z.array(CodeSchema).default([]),
});

/** `POST /v2/orders` and `GET /v2/orders/{orderId}`. */
export const OrderSchema = z.object({
  orderId: z.string().min(1),
  /** Ours: the `orderId` we sent. */
  clientOrderId: z.string().nullish(),
  status: z.string().nullish(),
  createdOn: z.string().nullish(),
  products: z.array(OrderProductSchema),
});
export type WireOrder = z.infer<typeof OrderSchema>;

/** `GET /v2/orders?startFrom&endOn`: summaries, without products or codes. */
export const OrderHistorySchema = z.object({
  items: z.array(z.object({ orderId: z.string().min(1), clientOrderId: z.string().nullish() })),
});

export const AccountSchema = z.object({ currentBalance: z.number() });

/**
 * An error answer: `{status, code, message, developerMessage, moreInfo}` (the SDKs'
 * `ResourceError`); the documented examples call the code `errorCode`. OAuth errors are
 * `{error, error_description}`.
 */
export const ErrorSchema = z.object({
  code: z.union([z.number(), z.string()]).nullish(),
  errorCode: z.union([z.number(), z.string()]).nullish(),
  message: z.string().nullish(),
  developerMessage: z.string().nullish(),
  error: z.string().nullish(),
  error_description: z.string().nullish(),
});

/** Error codes of `POST /v2/orders`. */
export const CW_ERRORS = {
  /** Documented: the account's balance does not cover the order (HTTP 400). */
  insufficientBalance: '10002',
  /** Ours (the sandbox's interpretation, unconfirmed): not enough stock (HTTP 400). */
  outOfStock: '10003',
  /** Ours (the sandbox's interpretation, unconfirmed): price above the `price` sent (HTTP 400). */
  priceAboveLimit: '10004',
  /** Documented: the product is not in the price list (HTTP 404). */
  productNotFound: '20001',
} as const;

/** EUR decimals as cents; CodesWholesale's prices are JSON numbers with two decimals. */
export const eurToCents = (value: number) => Math.round(value * 100);
export const centsToEur = (cents: number) => cents / 100;
