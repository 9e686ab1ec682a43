import { z } from 'zod';
import { OfferPricesInputSchema, OfferStatusSchema, SellerOfferSchema } from './offer.ts';

/**
 * The admin console's offers, keys, exchange rates and audit log, and the seller console's keys.
 * Key codes appear in one answer only: an admin's audited reveal.
 */

/** The currencies priced from EUR by an exchange rate (EUR is the reference). */
export const RATE_CURRENCIES = ['usd', 'gbp'] as const;
export type RateCurrency = (typeof RATE_CURRENCIES)[number];
export const RateCurrencySchema = z.enum(RATE_CURRENCIES);

/** The rates a new deployment starts with (units per 1 EUR). */
export const DEFAULT_EXCHANGE_RATES: Readonly<Record<RateCurrency, number>> = {
  usd: 1.08,
  gbp: 0.86,
};

/** An exchange rate as the admin console shows it. */
export const ExchangeRateSchema = z.object({
  id: RateCurrencySchema,
  /** Units of the currency per 1 EUR. */
  rate: z.number().positive(),
  updatedAt: z.string(),
  /** Uid of the admin who set it; null for the defaults. */
  updatedBy: z.string().nullable(),
});
export type ExchangeRate = z.infer<typeof ExchangeRateSchema>;

/** Body of `PUT /api/admin/exchange-rates/:id`. */
export const ExchangeRateUpdateSchema = z.object({
  rate: z.number('Enter a number').gt(0, 'Must be more than 0').lte(1000, 'At most 1000'),
});
export type ExchangeRateUpdate = z.infer<typeof ExchangeRateUpdateSchema>;

export const KEY_STATUSES = ['available', 'reserved', 'sold', 'refunded', 'revoked'] as const;
export type KeyStatus = (typeof KEY_STATUSES)[number];
export const KeyStatusSchema = z.enum(KEY_STATUSES);

/** How many keys of an offer are in each status. */
export const KeyCountsSchema = z.object(
  Object.fromEntries(KEY_STATUSES.map((s) => [s, z.number().int().min(0)])) as Record<
    KeyStatus,
    z.ZodNumber
  >,
);
export type KeyCounts = z.infer<typeof KeyCountsSchema>;

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

/** A key in a list: at most the last fifth of its code, behind a mask (server's key-mask.ts). */
export const MaskedKeySchema = z.object({
  id: z.string(),
  offerId: z.string(),
  productId: z.string(),
  productName: z.string(),
  sellerId: z.string(),
  status: KeyStatusSchema,
  createdAt: z.string(),
  /** e.g. `•••• •••• •••• B12` (a 16-character code), `•••• •••• •••• ••••` (under 10). */
  masked: z.string(),
});
export type MaskedKey = z.infer<typeof MaskedKeySchema>;

/** Why an admin reveals or revokes a key: kept in the audit log. */
export const KeyReasonSchema = z.object({
  reason: z.string('Give a reason').trim().min(3, 'At least 3 characters').max(200),
});
export type KeyReason = z.infer<typeof KeyReasonSchema>;

/** Body of `POST /api/seller/keys/:id/revoke`: a seller's reason is optional. */
export const SellerKeyRevokeSchema = z.object({
  reason: z.string().trim().max(200).optional(),
});

/** The answer to `POST /api/admin/keys/:id/reveal`. */
export const RevealedKeySchema = z.object({ code: z.string() });
export type RevealedKey = z.infer<typeof RevealedKeySchema>;

export const AUDIT_ACTIONS = [
  'key.reveal',
  'key.revoke',
  'key.uploadRejected',
  'key.duplicateFound',
  'exchangeRate.update',
  'offer.update',
  'order.approve',
  'order.decline',
  'order.cancel',
  'order.refund',
  'order.refresh',
  'order.chargeback',
  'blocklist.add',
  'blocklist.remove',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AuditActionSchema = z.enum(AUDIT_ACTIONS);

/** One audit log entry: who did what to which record, why, and from where. */
export const AuditEntrySchema = z.object({
  id: z.string(),
  actor: z.object({ uid: z.string(), email: z.string().nullable() }),
  action: AuditActionSchema,
  target: z.object({ type: z.string(), id: z.string() }),
  reason: z.string().nullable(),
  /** What changed, e.g. `{ from: 1.08, to: 1.1 }`; never a key code. */
  details: z.record(z.string(), z.unknown()).nullable(),
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
