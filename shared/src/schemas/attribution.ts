import { z } from 'zod';

/**
 * Where a buyer came from, read from the tracking cookies the storefront sets from the landing
 * URL (spec section 9): `awc` and `source` last a year (`source` defaults to `awin`), `channel`,
 * `referrer` and the discount code 30 days. Recorded on the order so an affiliate conversion can
 * be reported (and amended on refund or decline).
 */
export const ATTRIBUTION_COOKIES = {
  awc: { name: 'awc', maxAgeDays: 365 },
  source: { name: 'source', maxAgeDays: 365 },
  channel: { name: 'channel', maxAgeDays: 30 },
  referrer: { name: 'referrer', maxAgeDays: 30 },
  discountCode: { name: 'discount_code', maxAgeDays: 30 },
} as const;

/** The `source` recorded when the landing URL carried an `awc` but no source. */
export const DEFAULT_ATTRIBUTION_SOURCE = 'awin';

const Token = z
  .string()
  .trim()
  .max(200)
  .regex(/^[\w.:\-|]*$/, 'Letters, digits and . : - _ | only');

export const AttributionSchema = z.object({
  /** Awin click checksum. */
  awc: Token.nullable().default(null),
  source: Token.nullable().default(null),
  /** Last paid channel (`aw` when Awin won, else e.g. `other`, `ppc`). */
  channel: Token.nullable().default(null),
  referrer: Token.nullable().default(null),
  discountCode: Token.nullable().default(null),
});
export type Attribution = z.infer<typeof AttributionSchema>;
