import { z } from 'zod';
import { CurrencySchema } from '../constants/currencies.ts';
import { REASON_MAX_LENGTH, REASON_MIN_LENGTH } from '../constants/limits.ts';

/** Refunds: an admin sends money back for an order or one of its lines (`/api/admin/refunds`). */

/** Body of `POST /api/admin/orders/:id/refund`. */
export const RefundRequestSchema = z.object({
  /** One line of the order; left out, every line not refunded yet. */
  itemId: z
    .string()
    .regex(/^[0-9a-f]{24}$/i, 'Not a line of the order')
    .optional(),
  reason: z
    .string()
    .trim()
    .min(REASON_MIN_LENGTH, `Say why (at least ${REASON_MIN_LENGTH} characters)`)
    .max(REASON_MAX_LENGTH),
});
export type RefundRequest = z.input<typeof RefundRequestSchema>;

/**
 * `pending`: the provider was asked and the answer is not known yet (a retry of the same call
 * resumes it); `completed`: the money went back; `failed`: the provider refused, nothing moved.
 */
export const REFUND_STATUSES = ['pending', 'completed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const RefundStatusSchema = z.enum(REFUND_STATUSES);

/** A refund as the admin console lists it (`GET /api/admin/refunds`). */
export const RefundSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  /** The refunded line; null for the whole order (every line not refunded before). */
  itemId: z.string().nullable(),
  amountCents: z.number().int(),
  currency: CurrencySchema,
  reason: z.string(),
  status: RefundStatusSchema,
  providerRefundId: z.string().nullable(),
  /** The admin who refunded; null when the shop refunded by itself (paid after expiry). */
  actorUid: z.string().nullable(),
  createdAt: z.string(),
});
export type Refund = z.infer<typeof RefundSchema>;
