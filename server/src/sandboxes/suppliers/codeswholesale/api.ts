import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { sandboxId } from '../../kit.ts';
import { faultMiddleware, loseAnswer } from '../faults.ts';
import { stockroomControlRoutes, type PurchaseRefusal } from '../stockroom.ts';
import {
  CODESWHOLESALE_SANDBOX_CREDENTIALS,
  codeView,
  orderSummary,
  orderView,
  priceTiers,
  productView,
  type CodeswholesaleModel,
} from './state.ts';

/*
 * CodesWholesale's v2 API (the paths and shapes its SDKs use) on top of the stockroom, and the
 * sandbox's test control. Where the real API is silent we chose, and the adapter's README says
 * so: the error codes for stock and price, one product per order, `allowPreOrder` not enforced.
 */

const OrderRequestSchema = z.object({
  allowPreOrder: z.boolean().optional(),
  /** The buyer's reference; the sandbox answers a repeated one with the first order. */
  orderId: z.string().min(1).max(200).optional(),
  products: z
    .array(
      z.object({
        productId: z.string().min(1),
        quantity: z.number().int().min(1).max(1000),
        /** The most the buyer pays per unit, EUR. */
        price: z.number().nonnegative().optional(),
      }),
    )
    .length(1, 'the sandbox takes one product per order'),
});

/** Refusals as `ResourceError`s: status, code (see the adapter's `CW_ERRORS`), message. */
const REFUSALS: Record<PurchaseRefusal, { status: 400 | 404; code: number; message: string }> = {
  NOT_FOUND: { status: 404, code: 20001, message: 'Product not found in the price list' },
  INSUFFICIENT_BALANCE: { status: 400, code: 10002, message: 'Insufficient balance' },
  OUT_OF_STOCK: { status: 400, code: 10003, message: 'Not enough products in stock' },
  PRICE_CHANGED: {
    status: 400,
    code: 10004,
    message: 'Product price is higher than the given price',
  },
};

const resourceError = (c: Context, status: 400 | 404, message: string, code?: number) =>
  c.json(
    { status, ...(code ? { code } : {}), message, developerMessage: message, moreInfo: null },
    status,
  );

const origin = (c: Context) => new URL(c.req.url).origin;

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const isDay = (s: string | undefined) => s === undefined || /^\d{4}-\d{2}-\d{2}$/.test(s);

export function codeswholesaleApi(model: CodeswholesaleModel): Hono {
  const { room } = model;
  const faults = faultMiddleware(
    () => room.state.faults,
    () => room.save(),
  );
  const app = new Hono();
  app.use('/oauth/*', faults);
  app.use('/v2/*', faults);

  // Client credentials in a form body (the Go SDK) or the query string (the v3 PHP SDK).
  app.post('/oauth/token', async (c) => {
    const form = new URLSearchParams(await c.req.text());
    const param = (name: string) => form.get(name) ?? c.req.query(name) ?? '';
    if (param('grant_type') !== 'client_credentials') {
      return c.json(
        { error: 'unsupported_grant_type', error_description: 'Unsupported grant type' },
        400,
      );
    }
    const { clientId, clientSecret } = CODESWHOLESALE_SANDBOX_CREDENTIALS;
    if (!same(param('client_id'), clientId) || !same(param('client_secret'), clientSecret)) {
      return c.json({ error: 'invalid_client', error_description: 'Bad client credentials' }, 401);
    }
    return c.json({
      access_token: model.issueToken(),
      token_type: 'bearer',
      expires_in: model.ttlSeconds,
      scope: 'read write',
    });
  });

  app.use('/v2/*', async (c, next) => {
    const value = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (!value || !model.tokenValid(value)) {
      return c.json(
        { error: 'invalid_token', error_description: 'Invalid or expired access token' },
        401,
      );
    }
    await next();
  });

  app.get('/v2/products', (c) =>
    c.json({ items: room.visibleProducts().map((p) => productView(p, origin(c))) }),
  );

  app.get('/v2/products/:productId', (c) => {
    const product = room.product(c.req.param('productId'));
    if (!product || product.hidden) {
      return resourceError(c, 404, REFUSALS.NOT_FOUND.message, REFUSALS.NOT_FOUND.code);
    }
    return c.json(productView(product, origin(c)));
  });

  app.post('/v2/orders', async (c) => {
    const parsed = OrderRequestSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return resourceError(c, 400, z.prettifyError(parsed.error));
    const line = parsed.data.products[0]!;
    const outcome = room.purchase({
      sku: line.productId,
      quantity: line.quantity,
      maxUnitPriceCents: line.price === undefined ? null : Math.round(line.price * 100),
      clientRef: parsed.data.orderId ?? sandboxId('cw-anonymous-', 16, true),
    });
    if (!outcome.ok) {
      const r = REFUSALS[outcome.refusal];
      return resourceError(c, r.status, r.message, r.code);
    }
    if (outcome.answerLost) return loseAnswer(c);
    const { purchase } = outcome;
    return c.json(orderView(purchase, room.product(purchase.sku), origin(c)));
  });

  // Order history between two days (inclusive, UTC), newest first.
  app.get('/v2/orders', (c) => {
    const startFrom = c.req.query('startFrom');
    const endOn = c.req.query('endOn');
    if (!isDay(startFrom) || !isDay(endOn)) {
      return resourceError(c, 400, 'startFrom and endOn are dates: YYYY-MM-DD');
    }
    const items = Object.values(room.state.purchases)
      .filter((p) => {
        const day = p.createdAt.slice(0, 10);
        return (!startFrom || day >= startFrom) && (!endOn || day <= endOn);
      })
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map((p) => orderSummary(p, origin(c)));
    return c.json({ items });
  });

  app.get('/v2/orders/:orderId', (c) => {
    const purchase = room.findPurchase(c.req.param('orderId'));
    if (!purchase) return resourceError(c, 404, 'Order not found');
    return c.json(orderView(purchase, room.product(purchase.sku), origin(c)));
  });

  app.get('/v2/codes/:codeId', (c) => {
    const found = room.findCode(c.req.param('codeId'));
    if (!found) return resourceError(c, 404, 'Code not found');
    return c.json(codeView(found.code, origin(c), true));
  });

  app.get('/v2/accounts/current', (c) =>
    c.json({
      fullName: 'Sandbox Account',
      email: 'sandbox@codeswholesale.invalid',
      currentBalance: room.state.balanceCents / 100,
      currentCredit: 0,
      totalToUse: room.state.balanceCents / 100,
    }),
  );

  // Test control: the stockroom's routes, announcing changes as CodesWholesale postbacks.
  app.route(
    '/',
    stockroomControlRoutes(room, {
      onRelease: (purchases) => {
        for (const p of purchases) model.postback({ type: 'PREORDER', orderId: p.purchaseId });
      },
      onProductChange: (p) =>
        p.hidden
          ? model.postback({ type: 'PRODUCT_HIDDEN', productId: p.sku })
          : model.postback({
              type: 'STOCK',
              products: [{ productId: p.sku, quantity: p.quantity, prices: priceTiers(p) }],
            }),
    }),
  );
  app.post('/sandbox/tokens/revoke', (c) => {
    model.revokeTokens();
    return c.json({ revoked: true });
  });

  return app;
}
