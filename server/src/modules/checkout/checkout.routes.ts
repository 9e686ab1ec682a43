import { z } from 'zod';
import {
  AdminOrderSchema,
  CheckoutCompleteSchema,
  CheckoutRequestSchema,
  CheckoutStartedSchema,
  OrderSchema,
} from '@market/shared';
import { clientCountry, remoteIp } from '../../lib/remote-ip.ts';
import { routes } from '../../lib/route.ts';
import { currentUser } from '../../middleware/auth.ts';
import { byAddress, byUser } from '../../middleware/rate-limit.ts';
import { auditContext } from '../audit/audit.service.ts';
import type { CheckoutService } from './checkout.service.ts';
import { TotalChanged } from './total-changed.ts';

/** `/api/user/checkout`: the caller buys their server cart, then comes back from the provider. */
export const userCheckoutRoutes = (service: CheckoutService) =>
  routes('/user/checkout', { tag: 'user', access: 'user', verifiedEmail: true })
    .post(
      '/',
      {
        summary: 'Buy the caller’s cart: an order with its keys reserved, and a payment to approve',
        description:
          'The lines come from the caller’s server cart, priced from the live offers; the cart is emptied once the payment is started. 400 for an empty cart; 409 with `products.<i>.quantity` when a line ran out (the cart then shows what is left), with `confirmations.purchaseAccountProduct` when a game account is not confirmed, with `couponCode` when the coupon does not apply, with `expectedTotalCents` when the order would not cost the total the buyer was shown (nothing is placed; the body also holds the cart `summary` as it stands now, `CheckoutTotalChanged`). 503 when the provider could not start the payment (the order is cancelled, its keys back on sale). The buyer returns to `/checkout/complete?order=<id>` (`&cancelled=1` when they cancelled; Italian `/it/checkout/complete`).',
        body: CheckoutRequestSchema,
        response: {
          status: 201,
          description: 'The order and the provider page the buyer goes to',
          schema: CheckoutStartedSchema,
        },
        errors: [409, 503],
        limit: { name: 'checkout', per: [byUser, byAddress] },
      },
      async (c) => {
        const user = currentUser(c);
        try {
          const started = await service.start(user, c.req.valid('json'), {
            cookie: c.req.header('cookie'),
            ip: remoteIp(c) ?? null,
            country: clientCountry(c) ?? null,
          });
          return c.json(started, 201);
        } catch (err) {
          // The one refusal whose body says more than the error shape: the new summary.
          if (err instanceof TotalChanged) return c.json(err.body(c.get('requestId')), 409);
          throw err;
        }
      },
    )
    .post(
      '/:orderId/complete',
      {
        summary: 'Back from the provider: settle the payment of one of the caller’s orders',
        description:
          'Captures an approved payment once (safe to repeat, and when the webhook settled it first); the answer says approved, review, declined… (`pending` while the webhook that raced this call is still deciding, or before the buyer approved: ask again shortly). With `cancelled: true` an unpaid order is cancelled and its keys go back. Another buyer’s order answers 404.',
        body: CheckoutCompleteSchema,
        response: { status: 200, description: 'The order as it stands', schema: OrderSchema },
        errors: [404, 503],
      },
      async (c) =>
        c.json(
          await service.complete(currentUser(c).uid, c.req.param('orderId'), c.req.valid('json')),
        ),
    );

const webhook = (name: string) => ({
  summary: `${name} webhook`,
  description:
    'The raw body is verified with the provider (400 when it is not authentic). Each event id is handled once; an approval or capture settles its order (capture once, then delivery), a chargeback (PayPal `PAYMENT.CAPTURE.REVERSED`, Checkout.com `payment_chargeback`) marks the delivered order charged back, revokes its unrevealed keys, debits the sellers and blocklists the buyer and the instrument; a dispute (PayPal `CUSTOMER.DISPUTE.*`, Checkout.com `dispute_*`) is read at the provider and answered with the shop’s evidence, and a won one gives the sellers back what the chargeback debited (docs/disputes.md); events for unknown orders are acknowledged and ignored. 503 when the provider could not be asked: it delivers again.',
  response: {
    status: 200 as const,
    description: 'Taken in',
    schema: z.object({ received: z.literal(true) }),
  },
  errors: [400, 503] as const,
  limit: { name: 'webhook' as const, per: [byAddress] },
});

/**
 * `/api/payments/webhooks/paypal|checkout` (PAYMENT_WEBHOOK_PATHS): public, authenticated by
 * the provider's signature over the raw body. 400 for a delivery that does not verify, 503 when
 * the provider could not be asked (it delivers again), 200 otherwise.
 */
export const paymentWebhookRoutes = (service: CheckoutService) =>
  routes('/payments/webhooks', { tag: 'payments', access: 'public' })
    .post('/paypal', webhook('PayPal'), async (c) =>
      c.json(await service.webhook('paypal', c.req.raw.headers, await c.req.text())),
    )
    .post('/checkout', webhook('Checkout.com'), async (c) =>
      c.json(await service.webhook('checkout', c.req.raw.headers, await c.req.text())),
    );

/** `/api/admin/orders/:id/refresh`: the admin asks the provider again. */
export const adminCheckoutRoutes = (service: CheckoutService) =>
  routes('/admin/orders', { tag: 'admin', access: 'admin' }).post(
    '/:id/refresh',
    {
      summary: 'Ask the payment provider again, and settle a payment that went through',
      response: { status: 200, description: 'The order as it stands', schema: AdminOrderSchema },
      errors: [503],
    },
    async (c) => c.json(await service.refresh(c.req.param('id'), auditContext(c))),
  );
