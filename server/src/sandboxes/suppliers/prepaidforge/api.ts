import type { Currency } from '@market/shared';
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { decimalToMinor, minorToDecimal } from '../../../integrations/payments/amounts.ts';
import type { Logger } from '../../../logger.ts';
import { readJsonObject } from '../../kit.ts';
import { faultMiddleware, loseAnswer } from '../faults.ts';
import type { SandboxProduct } from '../catalogue.ts';
import {
  stockroomControlRoutes,
  type PurchaseRefusal,
  type SandboxCode,
  type SandboxPurchase,
  type Stockroom,
} from '../stockroom.ts';

/** The account the sandbox accepts (the demo seller connects with it). */
export const PREPAIDFORGE_SANDBOX_CREDENTIALS = {
  email: 'api@sandbox.prepaidforge.test',
  password: 'forge-sandbox-password',
};

/** The sandbox account's currency: findStocks prices, order prices and the balance are in it. */
export const PREPAIDFORGE_SANDBOX_CURRENCY: Currency = 'eur';
const CURRENCY = 'EUR';

const decimal = (cents: number) => Number(minorToDecimal(cents, CURRENCY));
const money = (cents: number) => ({ amount: decimal(cents), currency: CURRENCY });

/** Our error body (PrepaidForge publishes none): `error` is the code clients match on. */
const refuse = (c: Context, status: 400 | 401 | 404, error: string, message: string) =>
  c.json({ error, message }, status);

const REFUSALS: Record<PurchaseRefusal, { status: 400 | 404; error: string }> = {
  NOT_FOUND: { status: 404, error: 'PRODUCT_NOT_FOUND' },
  OUT_OF_STOCK: { status: 400, error: 'OUT_OF_STOCK' },
  PRICE_CHANGED: { status: 400, error: 'PRICE_TOO_LOW' },
  INSUFFICIENT_BALANCE: { status: 400, error: 'INSUFFICIENT_BALANCE' },
};

function productView(p: SandboxProduct) {
  return {
    id: p.sku.toLowerCase(),
    sku: p.sku,
    name: p.name,
    defaultPrice: money(p.priceCents),
    currencyCode: CURRENCY,
    imageUrl: p.imageUrl,
    active: !p.hidden,
    countries: p.regions,
    platforms: p.platform === null ? [] : [p.platform],
    preOrder: p.preOrder,
  };
}

/** One unit as a `CodeDeliveryPojo`, with the order fields we added (see the adapter's wire.ts). */
function codeView(purchase: SandboxPurchase, code: SandboxCode, origin: string) {
  const unit = {
    serial: code.codeId,
    sku: purchase.sku,
    price: decimal(purchase.unitPriceCents),
    customOrderReference: purchase.clientRef,
  };
  if (code.kind === 'text') return { ...unit, code: code.code, image: null, codeType: 'TEXT' };
  if (code.kind === 'preorder') return { ...unit, code: null, image: null, codeType: 'PREORDER' };
  return {
    ...unit,
    code: null,
    image: {
      id: code.codeId,
      filename: code.filename,
      filetype: code.mimeType,
      downloadLink: `${origin}/v1/1.0/codeImage/${code.codeId}`,
    },
    codeType: 'SCAN',
  };
}

/** One pojo for a single unit (as the SDK documents), an array of them for more. */
function orderView(purchase: SandboxPurchase, c: Context) {
  const origin = new URL(c.req.url).origin;
  const units = purchase.codes.map((code) => codeView(purchase, code, origin));
  return units.length === 1 ? units[0] : units;
}

const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((s) => typeof s === 'string');
const isCount = (v: unknown, min: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min;

/**
 * PrepaidForge's API under `/v1/1.0` (as `https://api.prepaidforge.com/v1/1.0/...`), the token
 * sign-in in front of it, and the test-control routes (`/sandbox/...`): the stockroom's, plus
 * `GET /sandbox/auth` (sign-ins and refused tokens so far) and `POST /sandbox/auth/revoke`
 * (every token invalid at once, as after a password change).
 */
export function prepaidforgeApi(
  room: Stockroom,
  opts: { tokenTtlSeconds: number; log?: Logger },
): Hono {
  // Tokens live in memory: a restarted sandbox refuses old ones, and the client signs in again.
  const tokens = new Map<string, number>();
  const auth = { signIns: 0, refused: 0 };

  const api = new Hono();
  api.use(
    '*',
    faultMiddleware(
      () => room.state.faults,
      () => room.save(),
    ),
  );

  api.post('/signInWithApi', async (c) => {
    const body = await readJsonObject(c);
    const { email, password } = PREPAIDFORGE_SANDBOX_CREDENTIALS;
    if (body?.email !== email || body.password !== password) {
      return refuse(c, 401, 'INVALID_CREDENTIALS', 'Wrong email or password');
    }
    const apiToken = randomBytes(24).toString('hex');
    const tokenValidUntil = Date.now() + opts.tokenTtlSeconds * 1000;
    tokens.set(apiToken, tokenValidUntil);
    auth.signIns++;
    return c.json({ apiToken, tokenValidUntil });
  });

  api.use('*', async (c, next) => {
    const token = c.req.header('x-prepaidforge-api-token') ?? '';
    const validUntil = tokens.get(token);
    if (validUntil === undefined || validUntil <= Date.now()) {
      tokens.delete(token);
      auth.refused++;
      return refuse(c, 401, 'INVALID_TOKEN', 'Missing, unknown or expired API token');
    }
    await next();
  });

  api.post('/findProductPage', async (c) => {
    const body = await readJsonObject(c);
    if (!isCount(body?.page, 0) || !isCount(body.pageSize, 1) || body.pageSize > 1000) {
      return refuse(c, 400, 'INVALID_REQUEST', 'page (from 0) and pageSize (1–1000) required');
    }
    const all = room.state.skus.map((sku) => room.state.products[sku]!);
    const start = body.page * body.pageSize;
    return c.json({
      content: all.slice(start, start + body.pageSize).map(productView),
      pageCount: Math.ceil(all.length / body.pageSize),
    });
  });

  api.post('/findStocks', async (c) => {
    const body = await readJsonObject(c);
    if (!isStringArray(body?.types) || !isStringArray(body.skus)) {
      return refuse(c, 400, 'INVALID_REQUEST', 'types and skus: arrays of strings');
    }
    // The sandbox holds one kind of stock at a time: scans while the imageCodes fault is on.
    const type = room.state.faults.imageCodes ? 'SCAN' : 'TEXT';
    if (!body.types.includes(type)) return c.json([]);
    const rows = body.skus.flatMap((sku) => {
      const p = room.product(sku);
      if (!p || p.hidden) return [];
      return [{ product: p.sku, type, quantity: p.quantity, purchasePrice: decimal(p.priceCents) }];
    });
    return c.json(rows);
  });

  api.post('/createApiOrder', async (c) => {
    const body = await readJsonObject(c);
    const quantity = body?.quantity ?? 1;
    if (
      typeof body?.sku !== 'string' ||
      typeof body.price !== 'number' ||
      (body.codeType !== 'TEXT' && body.codeType !== 'SCAN') ||
      !isCount(quantity, 1) ||
      typeof body.customOrderReference !== 'string' ||
      !body.customOrderReference
    ) {
      return refuse(
        c,
        400,
        'INVALID_REQUEST',
        'sku, price, codeType (TEXT|SCAN), customOrderReference required; quantity from 1',
      );
    }
    let maxUnitPriceCents: number;
    try {
      maxUnitPriceCents = decimalToMinor(String(body.price), CURRENCY);
    } catch {
      return refuse(c, 400, 'INVALID_REQUEST', 'price: a decimal amount with two decimals');
    }
    const outcome = room.purchase({
      sku: body.sku,
      quantity,
      maxUnitPriceCents,
      clientRef: body.customOrderReference,
    });
    if (!outcome.ok) {
      const { status, error } = REFUSALS[outcome.refusal];
      const now = outcome.product
        ? ` (now ${minorToDecimal(outcome.product.priceCents, CURRENCY)})`
        : '';
      opts.log?.debug({ sku: body.sku, error }, 'prepaidforge sandbox refused an order');
      return refuse(c, status, error, `Order refused: ${error}${now}`);
    }
    if (outcome.answerLost) return loseAnswer(c);
    return c.json(orderView(outcome.purchase, c));
  });

  api.post('/getResponseOfSingleApiCodeRequest', async (c) => {
    const body = await readJsonObject(c);
    if (typeof body?.customOrderReference !== 'string') {
      return refuse(c, 400, 'INVALID_REQUEST', 'customOrderReference required');
    }
    const purchase = room.findByClientRef(body.customOrderReference);
    if (!purchase) return refuse(c, 404, 'ORDER_NOT_FOUND', 'No order with that reference');
    return c.json(orderView(purchase, c));
  });

  // Ours: where a SCAN code's `downloadLink` points (the real host of the scans is unknown).
  api.get('/codeImage/:id', (c) => {
    const found = room.findCode(c.req.param('id'));
    if (found?.code.kind !== 'image') return refuse(c, 404, 'NOT_FOUND', 'No such image');
    return c.body(Buffer.from(found.code.imageBase64, 'base64'), 200, {
      'content-type': found.code.mimeType,
    });
  });

  api.get('/balance', (c) => c.json({ balance: money(room.state.balanceCents) }));

  return new Hono()
    .route('/v1/1.0', api)
    .route('/', stockroomControlRoutes(room))
    .get('/sandbox/auth', (c) => c.json(auth))
    .post('/sandbox/auth/revoke', (c) => {
      tokens.clear();
      return c.json({ revoked: true });
    });
}
