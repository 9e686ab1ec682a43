import { z } from 'zod';

/** Exchange rates: the admin console's `exchange-rates` resource. EUR is the reference. */

/** The currencies priced from EUR by an exchange rate. */
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
