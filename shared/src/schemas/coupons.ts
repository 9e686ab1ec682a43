import { z } from 'zod';
import { CategoryIdSchema } from '../constants/categories.ts';
import { CurrencySchema } from '../constants/currencies.ts';
import { MAX_CART_LINES } from '../constants/cart.ts';
import { COUPON_CODE_INPUT_MAX_LENGTH } from '../constants/limits.ts';
import { CartProductInputSchema } from './cart.ts';

/**
 * Discount coupons: the admin console's `coupons` resource and the spec's `user/coupons/verify`
 * (section 7). A coupon takes a percentage (basis points) or a fixed amount per currency (cents)
 * off the lines in its scope, between its validity dates, up to a total and a per-user number
 * of uses, from a minimum amount per currency. Uses are counted when an order is placed.
 */

export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const CouponKindSchema = z.enum(COUPON_KINDS);

/** Who pays for the discount: the marketplace (the seller is credited as if sold at list price) or the seller. */
export const COUPON_FUNDERS = ['marketplace', 'seller'] as const;
export type CouponFunder = (typeof COUPON_FUNDERS)[number];
export const CouponFunderSchema = z.enum(COUPON_FUNDERS);

/** Letters, digits, `-` and `_`; matched case-insensitively (`summer10` is `SUMMER10`). */
export const CouponCodeSchema = z
  .string()
  .trim()
  .min(3, 'At least 3 characters')
  .max(32, 'At most 32 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, - and _ only');

const Cents = z.number().int('Must be whole cents').min(0, 'Must not be negative');
const CentsPerCurrency = z.object({
  eur: Cents.optional(),
  usd: Cents.optional(),
  gbp: Cents.optional(),
});
const Limit = z.number().int('Must be a whole number').min(1, 'At least 1').nullable();
const Instant = z.iso.datetime({ offset: true }).nullable();

/** Body of `POST|PUT /api/admin/coupons[/:id]`; the console sends the whole record. */
export const CouponWriteSchema = z
  .object({
    code: CouponCodeSchema,
    kind: CouponKindSchema,
    /** `percent`: 1–10000 basis points (1000 = 10 %). */
    percentBps: z.number().int().min(1, 'At least 1').max(10_000, 'At most 10000').nullish(),
    /** `fixed`: the cents taken off, per currency; a currency left out gets no discount. */
    amounts: CentsPerCurrency.nullish(),
    /** The least the in-scope lines must add up to, per currency (cents). */
    minAmounts: CentsPerCurrency.default({}),
    validFrom: Instant.default(null),
    validUntil: Instant.default(null),
    /** Uses in total, by everyone; null for no limit. */
    usageLimit: Limit.default(null),
    /** Uses per buyer; null for no limit. */
    perUserLimit: Limit.default(null),
    /** Scope: when either list is non-empty, only lines of these categories / sellers count. */
    categoryIds: z.array(CategoryIdSchema).max(10).default([]),
    sellerIds: z.array(z.string().min(1).max(128)).max(100).default([]),
    active: z.boolean().default(true),
    fundedBy: CouponFunderSchema.default('marketplace'),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'percent' && !c.percentBps) {
      ctx.addIssue({ code: 'custom', path: ['percentBps'], message: 'Required for a percentage' });
    }
    if (c.kind === 'fixed' && !Object.values(c.amounts ?? {}).some((v) => (v ?? 0) > 0)) {
      ctx.addIssue({ code: 'custom', path: ['amounts'], message: 'Give an amount in a currency' });
    }
    if (c.validFrom && c.validUntil && Date.parse(c.validFrom) >= Date.parse(c.validUntil)) {
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'Must be after the start' });
    }
  });
export type CouponWrite = z.infer<typeof CouponWriteSchema>;

/** A coupon as the admin console shows it. */
export const CouponSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: CouponKindSchema,
  percentBps: z.number().int().nullable(),
  amounts: CentsPerCurrency,
  minAmounts: CentsPerCurrency,
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perUserLimit: z.number().int().nullable(),
  categoryIds: z.array(CategoryIdSchema),
  sellerIds: z.array(z.string()),
  active: z.boolean(),
  fundedBy: CouponFunderSchema,
  /** Orders that used it. */
  usedCount: z.number().int().min(0),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Coupon = z.infer<typeof CouponSchema>;

/** Why a coupon does not apply; the storefront words each one. */
export const COUPON_REFUSALS = [
  'unknown',
  'inactive',
  'not_started',
  'expired',
  'used_up',
  'user_limit',
  'minimum_not_reached',
  'not_applicable',
  'currency',
] as const;
export type CouponRefusal = (typeof COUPON_REFUSALS)[number];

/**
 * Body of `POST /api/user/coupons/verify` (the spec's coupon check): the code and the lines it
 * would apply to. `currency` defaults to the first line's.
 */
export const CouponVerifyRequestSchema = z.object({
  couponCode: z.string().trim().min(1, 'Required').max(COUPON_CODE_INPUT_MAX_LENGTH),
  purchases: z.array(CartProductInputSchema).min(1, 'At least one line').max(MAX_CART_LINES),
  currency: CurrencySchema.optional(),
});
export type CouponVerifyRequest = z.infer<typeof CouponVerifyRequestSchema>;

export const CouponVerifyResultSchema = z.object({
  valid: z.boolean(),
  /** What it takes off these lines, in cents of `currency`; 0 when not valid. */
  discountCents: z.number().int().min(0),
  currency: CurrencySchema,
  reason: z.enum(COUPON_REFUSALS).optional(),
});
export type CouponVerifyResult = z.infer<typeof CouponVerifyResultSchema>;

/** The spec's text (section 8) when the coupon check itself fails. */
export const COUPON_VERIFY_ERROR = 'Something went wrong verifying the coupon';
