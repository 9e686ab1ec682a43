import { z } from 'zod';
import { CurrencySchema } from '../constants/currencies.ts';
import { EU_MEMBER_STATES } from '../constants/regions.ts';

/** VAT where the buyer is (the OSS scheme, docs/vat.md): countries, evidence, rates, report. */

/** One of the 27 Member States (capitals, as every country code here). */
export const EuCountrySchema = z.enum(EU_MEMBER_STATES, 'Not an EU Member State');

/**
 * Where an order's VAT is due and why (art. 24b of Implementing Regulation 282/2011): the
 * billing country the buyer stated, the payment instrument's country as the provider reported it
 * (null until the payment settles, or when it reports none), the client address's country where
 * known. `country` is the billing country when it is a Member State, null outside the EU;
 * `conflict` holds the order for review (two pieces disagree).
 */
export const OrderTaxSchema = z.object({
  country: z.string().nullable(),
  evidence: z.object({
    billing: z.string(),
    payment: z.string().nullable(),
    address: z.string().nullable(),
  }),
  conflict: z.boolean(),
});
export type OrderTax = z.infer<typeof OrderTaxSchema>;

/** A row of the rate table as the admin console reads it (`/api/admin/vat-rates`). */
export const VatRateSchema = z.object({
  id: z.string(),
  country: z.string(),
  /** Basis points: 2200 = 22 %. */
  rateBps: z.number().int(),
  /** The UTC day it takes effect (YYYY-MM-DD); it holds until the country's next row. */
  from: z.string(),
  /** Where the rate comes from (the law, the Commission's table). */
  note: z.string().nullable(),
  /** Seeded from the code's table, or added by an admin. */
  seeded: z.boolean(),
  createdAt: z.string(),
});
export type VatRate = z.infer<typeof VatRateSchema>;

const IsoDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A day as YYYY-MM-DD')
  .refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) &&
      new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    'Not a day of the calendar',
  );

/** Body of `POST /api/admin/vat-rates`: a rate a Member State has announced, from a future day. */
export const VatRateCreateSchema = z.object({
  country: EuCountrySchema,
  rateBps: z
    .number()
    .int('Basis points, a whole number')
    // Directive 2006/112/EC art. 97: a standard rate is at least 15 %; none is above 27 %.
    .min(1500, 'A standard rate is at least 15 % (Directive 2006/112/EC, art. 97)')
    .max(3000, 'At most 30 %'),
  from: IsoDaySchema,
  note: z.string().trim().max(300).optional(),
});
export type VatRateCreate = z.input<typeof VatRateCreateSchema>;

/** Query of `GET /api/admin/vat/oss-report`: a calendar quarter. */
export const OssReportQuerySchema = z.object({
  year: z.coerce.number().int().min(2021).max(2100),
  quarter: z.coerce.number().int().min(1).max(4),
  /**
   * The ECB reference rates of the quarter's last day (units per euro), as OSS asks; each one
   * left out is the shop's own rate (exchange-rates), and the CSV says which was used.
   */
  usd: z.coerce.number().positive().max(1000).optional(),
  gbp: z.coerce.number().positive().max(1000).optional(),
});
export type OssReportQuery = z.infer<typeof OssReportQuerySchema>;

/** One row of the OSS report: a Member State, a currency and a rate. */
export const OssReportRowSchema = z.object({
  country: z.string(),
  currency: CurrencySchema,
  rateBps: z.number().int(),
  /** Net of VAT, in cents of `currency`. */
  taxableCents: z.number().int(),
  vatCents: z.number().int(),
  /** ECB reference rate used (units of `currency` per euro); 1 for euro. */
  ecbRate: z.number(),
  taxableEurCents: z.number().int(),
  vatEurCents: z.number().int(),
});
export type OssReportRow = z.infer<typeof OssReportRowSchema>;
