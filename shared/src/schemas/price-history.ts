import { z } from 'zod';
import { CurrencySchema } from '../constants/currencies.ts';

/**
 * The prior price (Omnibus: directive 98/6/EC art. 6a). A reduction may be announced only
 * against the lowest price applied in the 30 days before it; `docs/prices.md` has the rule.
 */

/** The longest history the API answers, and the days the product page draws. */
export const PRICE_HISTORY_MAX_DAYS = 365;
export const PRICE_HISTORY_CHART_DAYS = 90;

/** Query of `GET /api/public/products/:id/price-history`. */
export const PriceHistoryQuerySchema = z.object({
  currency: CurrencySchema.default('eur'),
  days: z.coerce
    .number()
    .int()
    .min(1)
    .max(PRICE_HISTORY_MAX_DAYS)
    .default(PRICE_HISTORY_CHART_DAYS),
});
export type PriceHistoryQuery = z.infer<typeof PriceHistoryQuerySchema>;

/** One day of a price history: the day (UTC, `YYYY-MM-DD`) and the lowest price of that day. */
export const PriceHistoryPointSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  cents: z.number().int().min(0),
});
export type PriceHistoryPoint = z.infer<typeof PriceHistoryPointSchema>;

/**
 * A product's lowest price per day, oldest first (days before its first recorded price are left
 * out), and the lowest price of the 30 days before its current price applied: the reference a
 * reduction is announced against (null when nothing was recorded in those days).
 */
export const PriceHistorySchema = z.object({
  points: z.array(PriceHistoryPointSchema),
  lowest30Cents: z.number().int().min(0).nullable(),
});
export type PriceHistory = z.infer<typeof PriceHistorySchema>;

/**
 * Per currency, the prior price a reduction is announced against (the 30-day lowest), or null
 * where the current price is no reduction: the storefront strikes through only these.
 */
export const ReferencePricesSchema = z.object({
  eur: z.number().int().min(0).nullable(),
  usd: z.number().int().min(0).nullable(),
  gbp: z.number().int().min(0).nullable(),
});
export type ReferencePrices = z.infer<typeof ReferencePricesSchema>;
