import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { SupplierPrice } from '../supplier.ts';
import { eurToCents } from './wire.ts';

/*
 * CodesWholesale's postbacks: JSON POSTed to the URL set in its web panel, each carrying
 * `authHash = sha256_hex(clientId + clientSignature)`. That hash is the same on every postback
 * (no per-message signature, no timestamp), so it proves only that the sender knows the
 * signature; pair it with a secret path. Field names differ between the SDKs' classes, so each
 * type accepts the variants we found (README.md).
 */

export const POSTBACK_TYPES = [
  'STOCK',
  'PREORDER',
  'NEW_PRODUCT',
  'PRODUCT_UPDATED',
  'PRODUCT_HIDDEN',
  'NEW_FULL_PRODUCT',
] as const;

/** One product's new stock and price; either may be missing from a postback. */
export type StockChange = {
  productId: string;
  quantity: number | null;
  price: SupplierPrice | null;
};

export type CodeswholesalePostback =
  /** Stock or price of these products changed: refresh their offers. */
  | { type: 'STOCK'; products: StockChange[] }
  /** A pre-ordered order's codes are now assigned: read them with `codes`. */
  | { type: 'PREORDER'; orderId: string }
  /** Something about one product changed (hidden: withdrawn from the price list). */
  | {
      type: 'NEW_PRODUCT' | 'PRODUCT_UPDATED' | 'PRODUCT_HIDDEN' | 'NEW_FULL_PRODUCT';
      productId: string;
    };

export type PostbackResult =
  | { ok: true; postback: CodeswholesalePostback }
  | { ok: false; reason: 'unauthorized' | 'malformed'; message: string };

/** What CodesWholesale puts in `authHash` for this account. */
export function postbackAuthHash(clientId: string, clientSignature: string): string {
  return createHash('sha256')
    .update(clientId + clientSignature)
    .digest('hex');
}

/** True when `authHash` is this account's, compared in constant time. */
export function verifyAuthHash(
  authHash: unknown,
  credentials: { clientId: string; clientSignature?: string | undefined },
): boolean {
  if (typeof authHash !== 'string' || !credentials.clientSignature) return false;
  const expected = Buffer.from(postbackAuthHash(credentials.clientId, credentials.clientSignature));
  const given = Buffer.from(authHash.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A price tier as `{from, to, value}` (price list) or `{priceRangeLabel, price}` (postback classes). */
const TierSchema = z.object({
  from: z.number().nullish(),
  value: z.number().nullish(),
  priceRangeLabel: z.string().nullish(),
  price: z.number().nullish(),
});

const StockEntrySchema = z.object({
  productId: z.string().min(1),
  quantity: z.number().int().nonnegative().nullish(),
  /** A single unit price (the PHP SDK's `StockAndPriceChange`)… */
  price: z.number().nullish(),
  /** …or tiers, whose first-unit tier is the price. */
  prices: z.array(TierSchema).nullish(),
});

const EnvelopeSchema = z.object({
  type: z
    .string()
    .transform((t) => t.trim().toUpperCase())
    .pipe(z.enum(POSTBACK_TYPES)),
  authHash: z.string(),
  /** STOCK: a list of products, or one product's fields at the top level. */
  products: z.array(StockEntrySchema).nullish(),
  productId: z.string().min(1).nullish(),
  orderId: z.string().min(1).nullish(),
});

/** The unit price of a stock entry: `price`, else the tier from one unit, else the first tier. */
function unitPrice(entry: z.infer<typeof StockEntrySchema>): SupplierPrice | null {
  const tiers = entry.prices ?? [];
  const tier = tiers.find((t) => t.from === 1) ?? tiers[0];
  const value = entry.price ?? tier?.value ?? tier?.price ?? null;
  return value === null ? null : { cents: eurToCents(value), currency: 'eur' };
}

/**
 * Verifies and parses one postback body (already JSON-decoded). `unauthorized`: the hash is not
 * this account's (or the connection has no signature); `malformed`: verified but not a shape we
 * know. Answer the sender 2xx only for `ok`.
 */
export function parseCodeswholesalePostback(
  body: unknown,
  credentials: { clientId: string; clientSignature?: string | undefined },
): PostbackResult {
  const authHash = (body as { authHash?: unknown } | null)?.authHash;
  if (!verifyAuthHash(authHash, credentials)) {
    return { ok: false, reason: 'unauthorized', message: 'authHash does not match' };
  }
  const parsed = EnvelopeSchema.safeParse(body);
  if (!parsed.success) return { ok: false, reason: 'malformed', message: parsed.error.message };
  const p = parsed.data;
  const malformed = (message: string): PostbackResult => ({
    ok: false,
    reason: 'malformed',
    message,
  });

  if (p.type === 'STOCK') {
    const top = StockEntrySchema.safeParse(body);
    const entries = p.products ?? (top.success ? [top.data] : null);
    if (!entries) return malformed('STOCK without products');
    const products = entries.map((e) => ({
      productId: e.productId,
      quantity: e.quantity ?? null,
      price: unitPrice(e),
    }));
    return { ok: true, postback: { type: 'STOCK', products } };
  }
  if (p.type === 'PREORDER') {
    if (!p.orderId) return malformed('PREORDER without orderId');
    return { ok: true, postback: { type: 'PREORDER', orderId: p.orderId } };
  }
  if (!p.productId) return malformed(`${p.type} without productId`);
  return { ok: true, postback: { type: p.type, productId: p.productId } };
}
