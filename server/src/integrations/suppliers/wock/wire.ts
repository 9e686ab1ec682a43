import { CurrencySchema } from '@market/shared';
import { z } from 'zod';
import { decimalToMinor } from '../../payments/amounts.ts';

/*
 * Wock's answers as our PROVISIONAL contract defines them (README.md). Parsed, never cast: a
 * shape we do not know is an error, not a guess. Money is read straight into `SupplierPrice`.
 */

/** `{ amount: "12.34", currency: "EUR" }` → `{ cents: 1234, currency: 'eur' }`. */
export const WockMoneySchema = z
  .object({
    amount: z.string().regex(/^\d+(\.\d{1,2})?$/),
    currency: z.string().toLowerCase().pipe(CurrencySchema),
  })
  .transform((m) => ({ cents: decimalToMinor(m.amount, m.currency), currency: m.currency }));

export const WockProductSchema = z.object({
  sku: z.string().min(1),
  name: z.string(),
  platform: z.string().nullable(),
  regions: z.array(z.string()),
  stock: z.number().int().nonnegative(),
  price: WockMoneySchema,
  imageUrl: z.string().nullable(),
  releaseState: z.enum(['released', 'preorder']),
});

/** `GET /v1/products`: one page; `nextCursor` null on the last. */
export const WockProductPageSchema = z.object({
  data: z.array(WockProductSchema),
  nextCursor: z.string().min(1).nullable(),
});

/** `POST /v1/stock`: the skus Wock knows, the others left out. */
export const WockStockListSchema = z.object({
  data: z.array(
    z.object({ sku: z.string(), stock: z.number().int().nonnegative(), price: WockMoneySchema }),
  ),
});

/** `fulfilled`: every key there; `awaiting_stock`: pre-order keys still to come; `cancelled`. */
export const WockOrderSchema = z.object({
  id: z.string().min(1),
  reference: z.string(),
  sku: z.string(),
  quantity: z.number().int().positive(),
  unitPrice: WockMoneySchema,
  status: z.enum(['fulfilled', 'awaiting_stock', 'cancelled']),
  createdAt: z.string(),
});

/** `GET /v1/orders?reference=`: at most one order (references are unique per account). */
export const WockOrderListSchema = z.object({ data: z.array(WockOrderSchema).max(1) });

export const WockKeySchema = z.discriminatedUnion('type', [
  z.object({ id: z.string(), type: z.literal('text'), value: z.string().min(1) }),
  z.object({
    id: z.string(),
    type: z.literal('image'),
    contentType: z.string(),
    fileName: z.string(),
    base64: z.string().min(1),
  }),
  z.object({ id: z.string(), type: z.literal('preorder') }),
]);

/** `GET /v1/orders/{id}/keys`: one key per unit. */
export const WockKeyListSchema = z.object({ data: z.array(WockKeySchema) });

/** `GET /v1/account/balance`. */
export const WockBalanceSchema = z.object({ available: WockMoneySchema });

/** Every 4xx: `{ error: { code, message } }`. */
export const WockErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
