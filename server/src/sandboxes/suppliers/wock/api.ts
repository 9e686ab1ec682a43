import type { Currency } from '@market/shared';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { Logger } from '../../../logger.ts';
import { decimalToMinor, minorToDecimal } from '../../../integrations/payments/amounts.ts';
import { readJsonObject } from '../../kit.ts';
import type { SandboxProduct } from '../catalogue.ts';
import { faultMiddleware, loseAnswer } from '../faults.ts';
import type { PurchaseRefusal, SandboxCode, SandboxPurchase, Stockroom } from '../stockroom.ts';

/*
 * Wock's API on our PROVISIONAL contract (integrations/suppliers/wock/README.md), translated onto
 * the shared stockroom. Written independently of the adapter's parsers, so a disagreement between
 * the two shows up in the tests.
 */

const MAX_PAGE = 200;
const MAX_STOCK_SKUS = 100;

const wockError = (c: Context, status: ContentfulStatusCode, code: string, message: string) =>
  c.json({ error: { code, message } }, status);

const money = (cents: number, currency: Currency) => ({
  amount: minorToDecimal(cents, currency),
  currency: currency.toUpperCase(),
});

const productView = (p: SandboxProduct) => ({
  sku: p.sku,
  name: p.name,
  platform: p.platform,
  regions: p.regions,
  stock: p.quantity,
  price: money(p.priceCents, p.currency),
  imageUrl: p.imageUrl,
  releaseState: p.preOrder ? 'preorder' : 'released',
});

const orderView = (p: SandboxPurchase) => ({
  id: p.purchaseId,
  reference: p.clientRef,
  sku: p.sku,
  quantity: p.quantity,
  unitPrice: money(p.unitPriceCents, p.currency),
  status: p.codes.some((k) => k.kind === 'preorder') ? 'awaiting_stock' : 'fulfilled',
  createdAt: p.createdAt,
});

const keyView = (k: SandboxCode) => {
  switch (k.kind) {
    case 'text':
      return { id: k.codeId, type: 'text', value: k.code };
    case 'image':
      return {
        id: k.codeId,
        type: 'image',
        contentType: k.mimeType,
        fileName: k.filename,
        base64: k.imageBase64,
      };
    case 'preorder':
      return { id: k.codeId, type: 'preorder' };
  }
};

const REFUSALS: Record<PurchaseRefusal, [ContentfulStatusCode, string, string]> = {
  NOT_FOUND: [404, 'product_not_found', 'No product with this sku'],
  OUT_OF_STOCK: [409, 'out_of_stock', 'Not enough stock for the quantity requested'],
  PRICE_CHANGED: [409, 'price_changed', 'The unit price is above maxUnitPrice'],
  INSUFFICIENT_BALANCE: [402, 'insufficient_funds', 'The account balance is too low'],
};

/** Opaque to clients: the last sku of the page, so hiding a product never skips another. */
const encodeCursor = (sku: string) => Buffer.from(sku).toString('base64url');
const decodeCursor = (cursor: string) => Buffer.from(cursor, 'base64url').toString();

const OrderRequestSchema = z.object({
  sku: z.string().min(1),
  quantity: z.number().int().min(1).max(100),
  maxUnitPrice: z.object({
    amount: z.string().regex(/^\d+(\.\d{1,2})?$/),
    currency: z.string(),
  }),
  reference: z.string().min(1).max(200),
});

/** Wock's routes under `/v1`, answering only the account's `apiKey`. */
export function wockApi(
  room: Stockroom,
  account: { apiKey: string; currency: Currency },
  log?: Logger,
): Hono {
  const app = new Hono();
  app.use(
    '/v1/*',
    faultMiddleware(
      () => room.state.faults,
      () => room.save(),
    ),
  );
  app.use('/v1/*', async (c, next) => {
    if (c.req.header('authorization') !== `Bearer ${account.apiKey}`) {
      return wockError(c, 401, 'unauthorized', 'Missing or invalid API key');
    }
    await next();
  });

  app.get('/v1/products', (c) => {
    const limit = Number(c.req.query('limit') ?? 50);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) {
      return wockError(c, 400, 'validation_failed', `limit: 1 to ${MAX_PAGE}`);
    }
    const cursor = c.req.query('cursor');
    const start = cursor ? room.state.skus.indexOf(decodeCursor(cursor)) + 1 : 0;
    if (cursor && start === 0) return wockError(c, 400, 'invalid_cursor', 'Unknown cursor');
    const rest = room.state.skus
      .slice(start)
      .map((sku) => room.state.products[sku]!)
      .filter((p) => !p.hidden);
    const page = rest.slice(0, limit);
    return c.json({
      data: page.map(productView),
      nextCursor: rest.length > limit ? encodeCursor(page.at(-1)!.sku) : null,
    });
  });

  app.post('/v1/stock', async (c) => {
    const skus = (await readJsonObject(c))?.skus;
    if (!Array.isArray(skus) || skus.length > MAX_STOCK_SKUS) {
      return wockError(c, 400, 'validation_failed', `skus: an array of at most ${MAX_STOCK_SKUS}`);
    }
    const known = skus.map((sku) => room.product(String(sku))).filter((p) => p && !p.hidden);
    return c.json({
      data: known.map((p) => ({
        sku: p!.sku,
        stock: p!.quantity,
        price: money(p!.priceCents, p!.currency),
      })),
    });
  });

  app.post('/v1/orders', async (c) => {
    const key = c.req.header('idempotency-key');
    if (!key) {
      return wockError(c, 400, 'idempotency_key_required', 'Send an Idempotency-Key header');
    }
    const parsed = OrderRequestSchema.safeParse(await readJsonObject(c));
    if (!parsed.success) return wockError(c, 400, 'validation_failed', parsed.error.message);
    const order = parsed.data;
    if (order.reference !== key) {
      return wockError(c, 422, 'idempotency_key_mismatch', 'Idempotency-Key must equal reference');
    }
    if (order.maxUnitPrice.currency !== account.currency.toUpperCase()) {
      return wockError(c, 422, 'currency_mismatch', `This account buys in ${account.currency}`);
    }
    const outcome = room.purchase({
      sku: order.sku,
      quantity: order.quantity,
      maxUnitPriceCents: decimalToMinor(order.maxUnitPrice.amount, account.currency),
      clientRef: order.reference,
    });
    if (!outcome.ok) {
      const [status, code, message] = REFUSALS[outcome.refusal];
      return wockError(c, status, code, message);
    }
    if (outcome.answerLost) return loseAnswer(c);
    log?.debug({ reference: key, repeated: outcome.repeated }, 'wock sandbox order');
    return c.json(orderView(outcome.purchase), outcome.repeated ? 200 : 201);
  });

  app.get('/v1/orders', (c) => {
    const reference = c.req.query('reference');
    if (!reference) return wockError(c, 400, 'validation_failed', 'reference is required');
    const purchase = room.findByClientRef(reference);
    return c.json({ data: purchase ? [orderView(purchase)] : [] });
  });

  app.get('/v1/orders/:id/keys', (c) => {
    const purchase = room.findPurchase(c.req.param('id'));
    if (!purchase) return wockError(c, 404, 'order_not_found', 'No order with this id');
    return c.json({ data: purchase.codes.map(keyView) });
  });

  app.get('/v1/account/balance', (c) =>
    c.json({ available: money(room.state.balanceCents, account.currency) }),
  );

  return app;
}
