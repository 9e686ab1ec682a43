import { z } from 'zod';

/*
 * PrepaidForge's API as the adapter reads it. Nothing here is officially published: field names
 * come from an OpenAPI-generated SDK and third-party integrations; what we had to define
 * ourselves (page shape, error bodies, multi-unit answers, pre-orders, balance) is marked
 * "ours" and listed in README.md. Unknown fields are dropped; fields we do not use are left out.
 */

/** `POST /1.0/signInWithApi`. `tokenValidUntil` is epoch milliseconds. */
export const SignInSchema = z.object({
  apiToken: z.string().min(1),
  tokenValidUntil: z.number().int().positive(),
});

/** A price in the SDK's `Money` model; `amount` is a decimal in `currency` (ISO, upper case). */
export const MoneySchema = z.object({
  amount: z.number().nonnegative(),
  currency: z.string().length(3),
});
export type WireMoney = z.infer<typeof MoneySchema>;

export const ProductSchema = z.object({
  sku: z.string().min(1),
  name: z.string(),
  platforms: z.array(z.string()).nullish(),
  countries: z.array(z.string()).nullish(),
  imageUrl: z.string().nullish(),
  defaultPrice: MoneySchema,
  active: z.boolean(),
  /** Ours: not released yet (the SDK's Product has no such field; absent means released). */
  preOrder: z.boolean().optional(),
});
export type WireProduct = z.infer<typeof ProductSchema>;

/**
 * `POST /1.0/findProductPage {page, pageSize}`. Ours: a page object like the one third-party
 * code reads from `getApiOrders` (`content`, `pageCount`); pages count from 0.
 */
export const ProductPageSchema = z.object({
  content: z.array(ProductSchema),
  pageCount: z.number().int().nonnegative().optional(),
});

export const CODE_TYPES = ['TEXT', 'SCAN'] as const;
export type CodeType = (typeof CODE_TYPES)[number];

/**
 * `POST /1.0/findStocks {types, skus}`: one row per sku and code type. `product` is the sku and
 * `purchasePrice` a plain decimal in the account's currency (third-party code compares it with 0).
 */
export const StockRowSchema = z.object({
  product: z.string().min(1),
  type: z.enum(CODE_TYPES),
  quantity: z.number().int(),
  purchasePrice: z.number().nonnegative(),
});
export type WireStockRow = z.infer<typeof StockRowSchema>;
export const StockListSchema = z.array(StockRowSchema);

/**
 * One delivered code (the SDK's `CodeDeliveryPojo`): `code` for TEXT, `image` for SCAN.
 * Ours: `PREORDER` for a unit whose code is not there yet, and `sku`, `price` (decimal per unit,
 * account currency) and `customOrderReference` on every unit, named after the SDK's `SkuRequest`,
 * so a looked-up order says what was bought. `serial` identifies the unit.
 */
export const CodeDeliverySchema = z.object({
  code: z.string().nullish(),
  serial: z.string().min(1),
  image: z
    .object({
      id: z.string().min(1),
      filename: z.string().min(1),
      filetype: z.string().min(1),
      downloadLink: z.url(),
    })
    .nullish(),
  codeType: z.enum([...CODE_TYPES, 'PREORDER']),
  sku: z.string().min(1),
  price: z.number().nonnegative(),
  customOrderReference: z.string().min(1),
});
export type WireCodeDelivery = z.infer<typeof CodeDeliverySchema>;

/**
 * `createApiOrder` and `getResponseOfSingleApiCodeRequest`: the SDK documents one
 * CodeDeliveryPojo; ours for more than one unit is an array of them, one per unit.
 */
export const OrderAnswerSchema = z
  .union([CodeDeliverySchema, z.array(CodeDeliverySchema).min(1)])
  .transform((answer) => (Array.isArray(answer) ? answer : [answer]));

/** Ours: `GET /1.0/balance` (the path is seen in third-party code, the answer is not). */
export const BalanceSchema = z.object({ balance: MoneySchema });

/** Ours: what an error answer carries (`error` is matched; `message` is for the log). */
export const ErrorSchema = z.object({ error: z.string(), message: z.string().optional() });

/** Ours: the `error` values of a refused order or lookup. */
export const PPF_ERRORS = {
  invalidCredentials: 'INVALID_CREDENTIALS',
  invalidToken: 'INVALID_TOKEN',
  productNotFound: 'PRODUCT_NOT_FOUND',
  orderNotFound: 'ORDER_NOT_FOUND',
  outOfStock: 'OUT_OF_STOCK',
  priceTooLow: 'PRICE_TOO_LOW',
  insufficientBalance: 'INSUFFICIENT_BALANCE',
  invalidRequest: 'INVALID_REQUEST',
} as const;
