import type { Currency } from '@market/shared';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { Logger } from '../../../logger.ts';
import { readJsonObject } from '../../kit.ts';
import type { SandboxProduct } from '../catalogue.ts';
import { faultMiddleware, loseAnswer } from '../faults.ts';
import type { PurchaseRefusal, SandboxCode, SandboxPurchase, Stockroom } from '../stockroom.ts';

/*
 * BuyGamesGuru's API on our PROVISIONAL contract
 * (integrations/suppliers/buygamesguru/README.md), translated onto the shared stockroom. Written
 * independently of the adapter's parsers, so a disagreement between the two shows up in the tests.
 */

const MAX_PER_PAGE = 100;

const bggError = (c: Context, status: ContentfulStatusCode, errorCode: string, detail: string) =>
  c.json({ status: 'error', error_code: errorCode, detail }, status);

const itemView = (p: SandboxProduct) => ({
  sku: p.sku,
  title: p.name,
  platform: p.platform,
  region: p.regions[0] ?? 'WORLDWIDE',
  in_stock: p.quantity,
  price_cents: p.priceCents,
  currency: p.currency,
  cover_url: p.imageUrl,
  is_preorder: p.preOrder,
});

const purchaseView = (p: SandboxPurchase) => ({
  purchase_id: p.purchaseId,
  external_ref: p.clientRef,
  product_sku: p.sku,
  qty: p.quantity,
  unit_price_cents: p.unitPriceCents,
  currency: p.currency,
  state: p.codes.some((k) => k.kind === 'preorder') ? 'preorder' : 'delivered',
  created_at: p.createdAt,
});

const codeView = (k: SandboxCode) => {
  switch (k.kind) {
    case 'text':
      return { code_id: k.codeId, format: 'text', code: k.code };
    case 'image':
      return {
        code_id: k.codeId,
        format: 'image',
        image_base64: k.imageBase64,
        image_mime: k.mimeType,
        image_name: k.filename,
      };
    case 'preorder':
      return { code_id: k.codeId, format: 'pending' };
  }
};

const REFUSALS: Record<PurchaseRefusal, [ContentfulStatusCode, string, string]> = {
  NOT_FOUND: [404, 'PRODUCT_NOT_FOUND', 'Unknown product_sku'],
  OUT_OF_STOCK: [409, 'OUT_OF_STOCK', 'Not enough codes in stock for qty'],
  PRICE_CHANGED: [409, 'PRICE_ABOVE_MAX', 'Current price is above max_price_cents'],
  INSUFFICIENT_BALANCE: [422, 'INSUFFICIENT_WALLET_BALANCE', 'Wallet balance too low'],
};

const PurchaseRequestSchema = z.object({
  product_sku: z.string().min(1),
  qty: z.number().int().min(1).max(50),
  max_price_cents: z.number().int().nonnegative(),
  currency: z.string(),
  external_ref: z.string().min(1).max(128),
});

/** Whole positive number from a query parameter, `fallback` when absent, null when invalid. */
function positiveInt(value: string | undefined, fallback: number): number | null {
  if (value === undefined) return fallback;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : null;
}

/** BuyGamesGuru's routes under `/api/v2`, answering only the account's `apiKey`. */
export function buygamesguruApi(
  room: Stockroom,
  account: { apiKey: string; currency: Currency },
  log?: Logger,
): Hono {
  const app = new Hono();
  app.use(
    '/api/v2/*',
    faultMiddleware(
      () => room.state.faults,
      () => room.save(),
    ),
  );
  app.use('/api/v2/*', async (c, next) => {
    const key = c.req.header('x-api-key');
    if (!key) return bggError(c, 401, 'API_KEY_MISSING', 'Send your key in X-Api-Key');
    if (key !== account.apiKey) return bggError(c, 403, 'API_KEY_INVALID', 'Unknown API key');
    await next();
  });

  app.get('/api/v2/catalog', (c) => {
    const page = positiveInt(c.req.query('page'), 1);
    const perPage = positiveInt(c.req.query('per_page'), 25);
    if (page === null || perPage === null || perPage > MAX_PER_PAGE) {
      return bggError(c, 400, 'VALIDATION_ERROR', `page >= 1, per_page 1 to ${MAX_PER_PAGE}`);
    }
    const visible = room.visibleProducts();
    return c.json({
      status: 'ok',
      page,
      per_page: perPage,
      total_pages: Math.ceil(visible.length / perPage),
      total_items: visible.length,
      items: visible.slice((page - 1) * perPage, page * perPage).map(itemView),
    });
  });

  app.get('/api/v2/catalog/:sku/availability', (c) => {
    const product = room.product(c.req.param('sku'));
    if (!product || product.hidden) return bggError(c, 404, 'PRODUCT_NOT_FOUND', 'Unknown sku');
    return c.json({
      status: 'ok',
      sku: product.sku,
      in_stock: product.quantity,
      price_cents: product.priceCents,
      currency: product.currency,
    });
  });

  app.post('/api/v2/purchases', async (c) => {
    const parsed = PurchaseRequestSchema.safeParse(await readJsonObject(c));
    if (!parsed.success) return bggError(c, 400, 'VALIDATION_ERROR', parsed.error.message);
    const body = parsed.data;
    if (room.product(body.product_sku) && body.currency !== account.currency) {
      return bggError(c, 422, 'CURRENCY_MISMATCH', `This wallet pays in ${account.currency}`);
    }
    const outcome = room.purchase({
      sku: body.product_sku,
      quantity: body.qty,
      maxUnitPriceCents: body.max_price_cents,
      clientRef: body.external_ref,
    });
    if (!outcome.ok) {
      const [status, code, detail] = REFUSALS[outcome.refusal];
      return bggError(c, status, code, detail);
    }
    if (outcome.answerLost) return loseAnswer(c);
    log?.debug({ externalRef: body.external_ref, repeated: outcome.repeated }, 'bgg purchase');
    return c.json(
      { status: 'ok', purchase: purchaseView(outcome.purchase) },
      outcome.repeated ? 200 : 201,
    );
  });

  app.get('/api/v2/purchases/by-ref/:ref', (c) => {
    const purchase = room.findByClientRef(c.req.param('ref'));
    if (!purchase) return bggError(c, 404, 'PURCHASE_NOT_FOUND', 'No purchase with this ref');
    return c.json({ status: 'ok', purchase: purchaseView(purchase) });
  });

  app.get('/api/v2/purchases/:id/codes', (c) => {
    const purchase = room.findPurchase(c.req.param('id'));
    if (!purchase) return bggError(c, 404, 'PURCHASE_NOT_FOUND', 'No purchase with this id');
    return c.json({
      status: 'ok',
      purchase_id: purchase.purchaseId,
      codes: purchase.codes.map(codeView),
    });
  });

  app.get('/api/v2/wallet', (c) =>
    c.json({
      status: 'ok',
      wallet: { balance_cents: room.state.balanceCents, currency: account.currency },
    }),
  );

  return app;
}
