import { CurrencySchema } from '@market/shared';
import { z } from 'zod';

/*
 * BuyGamesGuru's answers as our PROVISIONAL contract defines them (README.md): snake_case, every
 * answer wrapped in `{ status: "ok", … }`, money as integer cents with a lower-case currency.
 * Parsed, never cast.
 */

const cents = z.number().int().nonnegative();

export const BggCatalogItemSchema = z.object({
  sku: z.string().min(1),
  title: z.string(),
  platform: z.string().nullable(),
  /** One region per product (`WORLDWIDE`, `EU`, `ROW`…). */
  region: z.string(),
  in_stock: z.number().int().nonnegative(),
  price_cents: cents,
  currency: CurrencySchema,
  cover_url: z.string().nullable(),
  is_preorder: z.boolean(),
});

/** `GET /api/v2/catalog`: page `page` of `total_pages` (1-based). */
export const BggCatalogPageSchema = z.object({
  status: z.literal('ok'),
  page: z.number().int().positive(),
  per_page: z.number().int().positive(),
  total_pages: z.number().int().nonnegative(),
  total_items: z.number().int().nonnegative(),
  items: z.array(BggCatalogItemSchema),
});

/** `GET /api/v2/catalog/{sku}/availability`. */
export const BggAvailabilitySchema = z.object({
  status: z.literal('ok'),
  sku: z.string(),
  in_stock: z.number().int().nonnegative(),
  price_cents: cents,
  currency: CurrencySchema,
});

/** `delivered`: every code there; `preorder`: codes to come; `refunded`: nothing bought. */
export const BggPurchaseSchema = z.object({
  purchase_id: z.string().min(1),
  external_ref: z.string(),
  product_sku: z.string(),
  qty: z.number().int().positive(),
  unit_price_cents: cents,
  currency: CurrencySchema,
  state: z.enum(['delivered', 'preorder', 'refunded']),
  created_at: z.string(),
});

/** `POST /api/v2/purchases` and `GET /api/v2/purchases/by-ref/{external_ref}`. */
export const BggPurchaseAnswerSchema = z.object({
  status: z.literal('ok'),
  purchase: BggPurchaseSchema,
});

export const BggCodeSchema = z.discriminatedUnion('format', [
  z.object({ code_id: z.string(), format: z.literal('text'), code: z.string().min(1) }),
  z.object({
    code_id: z.string(),
    format: z.literal('image'),
    image_base64: z.string().min(1),
    image_mime: z.string(),
    image_name: z.string(),
  }),
  z.object({ code_id: z.string(), format: z.literal('pending') }),
]);

/** `GET /api/v2/purchases/{id}/codes`: one code per unit. */
export const BggCodesSchema = z.object({
  status: z.literal('ok'),
  purchase_id: z.string(),
  codes: z.array(BggCodeSchema),
});

/** `GET /api/v2/wallet`. */
export const BggWalletSchema = z.object({
  status: z.literal('ok'),
  wallet: z.object({ balance_cents: z.number().int(), currency: CurrencySchema }),
});

/** Every 4xx: `{ status: "error", error_code, detail }`. */
export const BggErrorSchema = z.object({
  status: z.literal('error'),
  error_code: z.string(),
  detail: z.string(),
});
