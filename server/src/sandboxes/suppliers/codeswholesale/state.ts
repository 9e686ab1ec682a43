import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Logger } from '../../../logger.ts';
import { openSandboxState, sandboxId, type PendingWebhook } from '../../kit.ts';
import type { SandboxProduct } from '../catalogue.ts';
import {
  openStockroom,
  type SandboxCode,
  type SandboxPurchase,
  type Stockroom,
} from '../stockroom.ts';

/*
 * The CodesWholesale sandbox's state besides the stockroom: the bearer tokens it handed out
 * (in memory: a restart revokes them, as a redeploy of the real one may), the postbacks still to
 * deliver (`<dir>/codeswholesale-postbacks.json`), and the v2 views of products, orders and codes.
 */

/**
 * The client id and secret are the ones CodesWholesale publishes for its own sandbox (its PHP
 * SDK's README); the signature, which CodesWholesale shows in its web panel, is ours.
 */
export const CODESWHOLESALE_SANDBOX_CREDENTIALS = {
  clientId: 'ff72ce315d1259e822f47d87d02d261e',
  clientSecret: '$2a$10$E2jVWDADFA5gh6zlRVcrlOOX01Q/HJoT6hXuDMJxek.YEo.lkO2T6',
  clientSignature: 'local-sandbox-postback-signature',
} as const;

/** The postback types the sandbox sends (the real one also sends NEW_PRODUCT and friends). */
type Postback =
  | { type: 'PREORDER'; orderId: string }
  | { type: 'STOCK'; products: Array<Record<string, unknown>> }
  | { type: 'PRODUCT_HIDDEN'; productId: string };

export type CodeswholesaleModel = ReturnType<typeof openCodeswholesaleState>;

export function openCodeswholesaleState(opts: {
  dir: string;
  productCount?: number;
  tokenTtlSeconds?: number;
  log?: Logger;
}) {
  const room: Stockroom = openStockroom({
    supplier: 'codeswholesale',
    dir: opts.dir,
    productCount: opts.productCount,
  });
  const { store, sender } = openSandboxState<{ pendingWebhooks: PendingWebhook[] }>(
    path.join(opts.dir, 'codeswholesale-postbacks.json'),
    () => ({ pendingWebhooks: [] }),
    opts.log,
  );
  const ttlSeconds = opts.tokenTtlSeconds ?? 3600;
  /** token → expiry (epoch ms). */
  const tokens = new Map<string, number>();
  const authHash = createHash('sha256')
    .update(
      CODESWHOLESALE_SANDBOX_CREDENTIALS.clientId +
        CODESWHOLESALE_SANDBOX_CREDENTIALS.clientSignature,
    )
    .digest('hex');

  return {
    room,
    sender,
    ttlSeconds,

    issueToken(): string {
      const now = Date.now();
      for (const [t, expiry] of tokens) if (expiry <= now) tokens.delete(t);
      const value = randomBytes(18).toString('hex');
      tokens.set(value, now + ttlSeconds * 1000);
      return value;
    },
    tokenValid: (value: string) => (tokens.get(value) ?? 0) > Date.now(),
    revokeTokens: () => tokens.clear(),

    postback(payload: Postback) {
      sender.enqueue({
        id: sandboxId('pb_', 16, true),
        body: JSON.stringify({ ...payload, authHash }),
        headers: {},
        attempts: 0,
      });
      store.save();
    },
  };
}

const PAST_RELEASE = '2020-01-01T00:00:00.000Z';
const DAY_MS = 86_400_000;

/** The quantity tiers: the unit price from one unit, 3 % off from ten (EUR, two decimals). */
export function priceTiers(p: SandboxProduct) {
  return [
    { from: 1, to: 9, value: p.priceCents / 100 },
    { from: 10, to: 9999, value: Math.round(p.priceCents * 0.97) / 100 },
  ];
}

export function productView(p: SandboxProduct, origin: string) {
  return {
    productId: p.sku,
    identifier: p.sku,
    name: p.name,
    platform: p.platform,
    regions: p.regions,
    languages: ['Multilanguage'],
    quantity: p.quantity,
    prices: priceTiers(p),
    images: p.imageUrl ? [{ format: 'MEDIUM', image: p.imageUrl }] : [],
    // A pre-order is told apart only by its release date, as in the real price list.
    releaseDate: p.preOrder
      ? `${new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10)}T00:00:00.000Z`
      : PAST_RELEASE,
    links: [{ rel: 'self', href: `${origin}/v2/products/${p.sku}` }],
  };
}

/**
 * A code as v2 shapes it. Within an order an image's data is left out (it is large): the client
 * fetches it with `GET /v2/codes/{codeId}`, which sets `withImage`.
 */
export function codeView(code: SandboxCode, origin: string, withImage: boolean) {
  const links = [{ rel: 'self', href: `${origin}/v2/codes/${code.codeId}` }];
  switch (code.kind) {
    case 'text':
      return { codeId: code.codeId, codeType: 'CODE_TEXT', code: code.code, filename: null, links };
    case 'image':
      return {
        codeId: code.codeId,
        codeType: 'CODE_IMAGE',
        code: withImage ? code.imageBase64 : null,
        filename: code.filename,
        links,
      };
    case 'preorder':
      return { codeId: code.codeId, codeType: 'CODE_PREORDER', code: null, filename: null, links };
  }
}

export function orderSummary(purchase: SandboxPurchase, origin: string) {
  return {
    orderId: purchase.purchaseId,
    clientOrderId: purchase.clientRef,
    identifier: purchase.purchaseId.toUpperCase(),
    status: purchase.codes.some((c) => c.kind === 'preorder') ? 'PREORDERED' : 'COMPLETED',
    createdOn: purchase.createdAt,
    totalPrice: (purchase.unitPriceCents * purchase.quantity) / 100,
    links: [{ rel: 'self', href: `${origin}/v2/orders/${purchase.purchaseId}` }],
  };
}

export function orderView(
  purchase: SandboxPurchase,
  product: SandboxProduct | null,
  origin: string,
) {
  return {
    ...orderSummary(purchase, origin),
    products: [
      {
        productId: purchase.sku,
        name: product?.name ?? purchase.sku,
        unitPrice: purchase.unitPriceCents / 100,
        codes: purchase.codes.map((c) => codeView(c, origin, false)),
        links: [{ rel: 'product', href: `${origin}/v2/products/${purchase.sku}` }],
      },
    ],
  };
}
