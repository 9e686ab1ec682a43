import { Hono } from 'hono';
import { CheckoutCompleteSchema, CheckoutRequestSchema } from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { jsonBody } from '../../lib/validate.ts';
import { remoteIp } from '../../lib/remote-ip.ts';
import { currentUser } from '../../middleware/auth.ts';
import { auditContext } from '../audit/audit.service.ts';
import type { CheckoutService } from './checkout.service.ts';

/** `/api/user/checkout`: the caller buys their server cart, then comes back from the provider. */
export const userCheckoutRoutes = (service: CheckoutService) =>
  new Hono<AppEnv>()
    .post('/', jsonBody(CheckoutRequestSchema), async (c) => {
      const user = currentUser(c);
      const started = await service.start(user, c.req.valid('json'), {
        cookie: c.req.header('cookie'),
        ip: remoteIp(c) ?? null,
      });
      return c.json(started, 201);
    })
    .post('/:orderId/complete', jsonBody(CheckoutCompleteSchema), async (c) =>
      c.json(
        await service.complete(currentUser(c).uid, c.req.param('orderId'), c.req.valid('json')),
      ),
    );

/**
 * `/api/payments/webhooks/paypal|checkout` (PAYMENT_WEBHOOK_PATHS): public, authenticated by
 * the provider's signature over the raw body. 400 for a delivery that does not verify, 503 when
 * the provider could not be asked (it delivers again), 200 otherwise.
 */
export const paymentWebhookRoutes = (service: CheckoutService) =>
  new Hono<AppEnv>()
    .post('/paypal', async (c) =>
      c.json(await service.webhook('paypal', c.req.raw.headers, await c.req.text())),
    )
    .post('/checkout', async (c) =>
      c.json(await service.webhook('checkout', c.req.raw.headers, await c.req.text())),
    );

/** `/api/admin/orders/:id/refresh`: the admin asks the provider again. */
export const adminCheckoutRoutes = (service: CheckoutService) =>
  new Hono<AppEnv>().post('/:id/refresh', async (c) =>
    c.json(await service.refresh(c.req.param('id'), auditContext(c))),
  );
