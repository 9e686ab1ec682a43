import { z } from 'zod';
import { CurrencySchema } from '../constants/currencies.ts';
import { LocaleSchema } from '../constants/locales.ts';
import { PaymentProviderSchema } from './order.ts';

/**
 * Checkout and refunds (issue 5, wave 2). The checkout buys what the caller's server cart holds:
 * lines, prices and stock come from the server, never from this body.
 */

/** Body of `POST /api/user/checkout`. */
export const CheckoutRequestSchema = z.object({
  provider: PaymentProviderSchema,
  currency: CurrencySchema,
  couponCode: z.string().trim().min(1).max(64).optional(),
  /** `purchaseAccountProduct`: required (true) when the cart holds a game account. */
  confirmations: z.object({ purchaseAccountProduct: z.boolean().optional() }).optional(),
  /** Picks the return page (`/checkout/complete` or `/it/checkout/complete`). */
  locale: LocaleSchema,
});
export type CheckoutRequest = z.input<typeof CheckoutRequestSchema>;

/** `POST /api/user/checkout` answers 201 with the order and where the buyer pays. */
export const CheckoutStartedSchema = z.object({
  orderId: z.string(),
  /** The provider's page (PayPal approval, Checkout.com hosted page). */
  approvalUrl: z.string(),
});
export type CheckoutStarted = z.infer<typeof CheckoutStartedSchema>;

/** Body of `POST /api/user/checkout/:orderId/complete`: what the return URL said. */
export const CheckoutCompleteSchema = z.object({
  /** The buyer came back through the cancel URL (`&cancelled=1`). */
  cancelled: z.boolean().default(false),
});
export type CheckoutComplete = z.input<typeof CheckoutCompleteSchema>;

/** Body of `POST /api/admin/orders/:id/refund`. */
export const RefundRequestSchema = z.object({
  /** One line of the order; left out, every line not refunded yet. */
  itemId: z
    .string()
    .regex(/^[0-9a-f]{24}$/i, 'Not a line of the order')
    .optional(),
  reason: z.string().trim().min(3, 'Say why (at least 3 characters)').max(500),
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
