import { z } from 'zod';
import {
  AdminOrderSchema,
  CheckoutCompleteSchema,
  CheckoutRequestSchema,
  CheckoutStartedSchema,
  OrderSchema,
  RefundRequestSchema,
  RefundSchema,
} from '@market/shared';
import { RefundFilterSchema } from '../modules/refunds/refunds.routes.ts';
import { rest, type ApiOperation } from './api-operation.ts';

const user = { tag: 'user', access: 'user' } as const;
const admin = { tag: 'admin', access: 'admin' } as const;

const webhook = (provider: 'paypal' | 'checkout', name: string): ApiOperation => ({
  tag: 'payments',
  access: 'public',
  method: 'post',
  path: `/api/payments/webhooks/${provider}`,
  summary: `${name} webhook`,
  description:
    'The raw body is verified with the provider (400 when it is not authentic). Each event id is handled once; an approval or capture settles its order (capture once, then delivery), a chargeback (PayPal `PAYMENT.CAPTURE.REVERSED`, Checkout.com `payment_chargeback`) marks the delivered order charged back, revokes its unrevealed keys, debits the sellers and blocklists the buyer and the instrument; events for unknown orders are acknowledged and ignored. 503 when the provider could not be asked: it delivers again.',
  response: {
    status: 200,
    description: 'Taken in',
    schema: z.object({ received: z.literal(true) }),
  },
  errors: [503],
});

/** Checkout, payment webhooks and refunds (issue 5). */
export const CHECKOUT_OPERATIONS: ApiOperation[] = [
  {
    ...user,
    method: 'post',
    path: '/api/user/checkout',
    summary: 'Buy the caller’s cart: an order with its keys reserved, and a payment to approve',
    description:
      'The lines come from the caller’s server cart, priced from the live offers; the cart is emptied once the payment is started. 400 for an empty cart; 409 with `products.<i>.quantity` when a line ran out (the cart then shows what is left), with `confirmations.purchaseAccountProduct` when a game account is not confirmed, with `couponCode` when the coupon does not apply. 503 when the provider could not start the payment (the order is cancelled, its keys back on sale). The buyer returns to `/checkout/complete?order=<id>` (`&cancelled=1` when they cancelled; Italian `/it/checkout/complete`).',
    body: CheckoutRequestSchema,
    response: {
      status: 201,
      description: 'The order and the provider page the buyer goes to',
      schema: CheckoutStartedSchema,
    },
    errors: [409, 503],
  },
  {
    ...user,
    method: 'post',
    path: '/api/user/checkout/{orderId}/complete',
    summary: 'Back from the provider: settle the payment of one of the caller’s orders',
    description:
      'Captures an approved payment once (safe to repeat, and when the webhook settled it first); the answer says approved, review, declined… (`pending` while the webhook that raced this call is still deciding, or before the buyer approved: ask again shortly). With `cancelled: true` an unpaid order is cancelled and its keys go back. Another buyer’s order answers 404.',
    body: CheckoutCompleteSchema,
    response: { status: 200, description: 'The order as it stands', schema: OrderSchema },
    errors: [404, 503],
  },
  webhook('paypal', 'PayPal'),
  webhook('checkout', 'Checkout.com'),
  {
    ...admin,
    method: 'post',
    path: '/api/admin/orders/{id}/refund',
    summary: 'Refund one line of an approved order, or every line not refunded yet',
    description:
      'A line gives back its price less its share of the coupon discount. Its unrevealed keys go back on sale, revealed ones are revoked; the seller is debited the line. A line is refunded once (409), only approved orders are refunded (409); 409 too when the provider refuses, 503 when it cannot be reached (repeat the call: it resumes the same refund).',
    body: RefundRequestSchema,
    response: { status: 200, description: 'The order after the refund', schema: AdminOrderSchema },
    errors: [409, 503],
  },
  {
    ...admin,
    method: 'post',
    path: '/api/admin/orders/{id}/refresh',
    summary: 'Ask the payment provider again, and settle a payment that went through',
    response: { status: 200, description: 'The order as it stands', schema: AdminOrderSchema },
    errors: [503],
  },
  ...rest({
    ...admin,
    path: '/api/admin/refunds',
    nouns: ['refunds', 'a refund'],
    schema: RefundSchema,
    list: {
      filter: RefundFilterSchema,
      description:
        'Newest first unless `sort` names `createdAt`, `amountCents` or `status`. `itemId` null: the whole order.',
    },
  }),
];
