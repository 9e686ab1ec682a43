import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeKind, toSupplierCode } from '../../src/integrations/suppliers/codeswholesale/codes.ts';
import {
  createCodeswholesaleSupplier,
  parseCodeswholesalePostback,
  postbackAuthHash,
  type CodeswholesalePostback,
} from '../../src/integrations/suppliers/codeswholesale/index.ts';
import { CodeSchema } from '../../src/integrations/suppliers/codeswholesale/wire.ts';
import { SupplierError, type Supplier } from '../../src/integrations/suppliers/supplier.ts';
import {
  CODESWHOLESALE_SANDBOX_CREDENTIALS as SANDBOX,
  startCodeswholesaleSandbox,
  type CodeswholesaleSandbox,
} from '../../src/sandboxes/suppliers/codeswholesale/index.ts';
import { startWebhookReceiver } from '../payments-helpers.ts';
import {
  FAST_HTTP,
  failureOf,
  newClientRef,
  releasePreOrders,
  runSupplierContract,
  sandboxDir,
  setFaults,
} from './supplier-contract.ts';

runSupplierContract({
  id: 'codeswholesale',
  // 250 products: three pages of the adapter's 100.
  startSandbox: (dir) => startCodeswholesaleSandbox({ port: 0, dir, productCount: 250 }),
  connect: (baseUrl, { credentials, http }) =>
    createCodeswholesaleSupplier({
      baseUrl,
      credentials:
        credentials === 'sandbox' ? SANDBOX : { clientId: SANDBOX.clientId, clientSecret: 'wrong' },
      http,
    }),
});

/**
 * A pass-through in front of the sandbox recording what the adapter asked (`GET /v2/products
 * 200`), so tests see token requests; `refuse401` makes it answer 401 to every API call.
 */
async function startRecorder(target: string) {
  const seen: string[] = [];
  const recorder = { seen, refuse401: false, url: '', close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url!, 'http://x').pathname;
      const answer = async () => {
        if (recorder.refuse401 && path.startsWith('/v2/')) {
          return { status: 401, body: '{"error":"invalid_token"}' };
        }
        const upstream = await fetch(target + req.url!, {
          method: req.method,
          headers: Object.fromEntries(
            ['content-type', 'authorization', 'accept']
              .filter((h) => req.headers[h])
              .map((h) => [h, String(req.headers[h])]),
          ),
          body: chunks.length ? Buffer.concat(chunks) : undefined,
        });
        return { status: upstream.status, body: await upstream.text() };
      };
      void answer().then(({ status, body }) => {
        seen.push(`${req.method} ${path} ${status}`);
        res.writeHead(status, { 'content-type': 'application/json' }).end(body);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  recorder.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  recorder.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return recorder;
}

const connect = (baseUrl: string) =>
  createCodeswholesaleSupplier({ baseUrl, credentials: SANDBOX, http: FAST_HTTP });
const tokenRequests = (seen: string[]) => seen.filter((s) => s.startsWith('POST /oauth/token'));

describe('codeswholesale: tokens', () => {
  let dir: string;
  let sandbox: CodeswholesaleSandbox;
  let recorder: Awaited<ReturnType<typeof startRecorder>>;

  beforeAll(async () => {
    dir = sandboxDir('codeswholesale');
    // A one-second token life, so expiry is seen within the test.
    sandbox = await startCodeswholesaleSandbox({
      port: 0,
      dir,
      productCount: 30,
      tokenTtlSeconds: 1,
    });
    recorder = await startRecorder(sandbox.url);
  });
  afterAll(async () => {
    await recorder.close();
    await sandbox.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reuses one token across calls and renews it before it expires', async () => {
    recorder.seen.length = 0;
    const supplier = connect(recorder.url);
    await Promise.all([supplier.balance(), supplier.balance(), supplier.listProducts(null)]);
    await supplier.balance();
    expect(tokenRequests(recorder.seen)).toHaveLength(1);

    await new Promise((r) => setTimeout(r, 1_000));
    await supplier.balance();
    expect(tokenRequests(recorder.seen)).toHaveLength(2);
    // Renewed ahead of expiry: no call was refused on the way.
    expect(recorder.seen.filter((s) => s.endsWith(' 401'))).toEqual([]);
  });

  it('takes one fresh token when a call answers 401 and carries on', async () => {
    const supplier = connect(recorder.url);
    await supplier.balance();
    const res = await fetch(`${sandbox.url}/sandbox/tokens/revoke`, { method: 'POST' });
    expect(res.status).toBe(200);
    recorder.seen.length = 0;

    expect((await supplier.balance()).available.currency).toBe('eur');
    expect(recorder.seen).toEqual([
      'GET /v2/accounts/current 401',
      'POST /oauth/token 200',
      'GET /v2/accounts/current 200',
    ]);
  });

  it('gives up as UNAUTHORIZED when the fresh token is refused too', async () => {
    const supplier = connect(recorder.url);
    await supplier.balance();
    recorder.refuse401 = true;
    recorder.seen.length = 0;
    try {
      expect(await failureOf(supplier.balance())).toBe('UNAUTHORIZED');
    } finally {
      recorder.refuse401 = false;
    }
    expect(tokenRequests(recorder.seen)).toHaveLength(1);
    expect(recorder.seen.filter((s) => s.startsWith('GET /v2/accounts/current'))).toHaveLength(2);
  });

  it('refuses a wrong client secret as UNAUTHORIZED without calling the API', async () => {
    recorder.seen.length = 0;
    const wrong = createCodeswholesaleSupplier({
      baseUrl: recorder.url,
      credentials: { clientId: SANDBOX.clientId, clientSecret: 'not-the-secret' },
      http: FAST_HTTP,
    });
    const err = await wrong.balance().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SupplierError);
    expect(err).toMatchObject({ code: 'UNAUTHORIZED', supplierCode: '401' });
    expect(recorder.seen).toEqual(['POST /oauth/token 401']);
  });

  it('fetches the price list once for all its pages', async () => {
    const supplier = connect(recorder.url);
    const first = await supplier.listProducts(null);
    recorder.seen.length = 0;
    expect(first).toMatchObject({ next: null, total: 30 }); // 30 products: one page
    const again = await supplier.listProducts('10');
    expect(again.items.map((p) => p.sku)).toEqual(first.items.slice(10).map((p) => p.sku));
    expect(recorder.seen.filter((s) => s.startsWith('GET /v2/products'))).toEqual([]);
  });
});

describe('codeswholesale: postbacks from the sandbox', () => {
  let dir: string;
  let sandbox: CodeswholesaleSandbox;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let supplier: Supplier;

  beforeAll(async () => {
    dir = sandboxDir('codeswholesale');
    receiver = await startWebhookReceiver();
    sandbox = await startCodeswholesaleSandbox({
      port: 0,
      dir,
      productCount: 30,
      postbackUrl: receiver.url,
    });
    supplier = connect(sandbox.url);
  });
  afterAll(async () => {
    await sandbox.close();
    await receiver.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The first delivered postback of `type` that verifies with the sandbox's credentials. */
  async function postback<T extends CodeswholesalePostback['type']>(type: T) {
    const delivery = await receiver.waitFor(
      (d) => (JSON.parse(d.rawBody) as { type?: string }).type === type,
    );
    const result = parseCodeswholesalePostback(JSON.parse(delivery.rawBody), SANDBOX);
    if (!result.ok) throw new Error(`postback refused: ${result.message}`);
    return result.postback as CodeswholesalePostback & { type: T };
  }

  it('posts PREORDER with the order id once a pre-order is released, and its codes are then there', async () => {
    const product = sandbox.stockroom.visibleProducts().find((p) => p.quantity > 0 && !p.preOrder)!;
    await setFaults(sandbox.url, { preOrders: true });
    const purchase = await supplier.purchase({
      sku: product.sku,
      quantity: 1,
      maxUnitPrice: { cents: product.priceCents, currency: 'eur' },
      clientRef: newClientRef(),
    });
    expect(purchase.status).toBe('pending');
    await releasePreOrders(sandbox.url);

    const { orderId } = await postback('PREORDER');
    expect(orderId).toBe(purchase.purchaseId);
    const [code] = await supplier.codes({ ...purchase, purchaseId: orderId });
    expect(code?.kind).toBe('text');
  });

  it('posts STOCK with the new quantity and price when a product changes', async () => {
    const product = sandbox.stockroom.visibleProducts()[0]!;
    const res = await fetch(`${sandbox.url}/sandbox/products/${product.sku}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ quantity: 7, priceCents: 1234 }),
    });
    expect(res.status).toBe(200);
    expect((await postback('STOCK')).products).toEqual([
      { productId: product.sku, quantity: 7, price: { cents: 1234, currency: 'eur' } },
    ]);
  });

  it('posts PRODUCT_HIDDEN when a product leaves the price list', async () => {
    const product = sandbox.stockroom.visibleProducts()[1]!;
    await fetch(`${sandbox.url}/sandbox/products/${product.sku}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hidden: true }),
    });
    expect((await postback('PRODUCT_HIDDEN')).productId).toBe(product.sku);
    expect(await supplier.getStock([product.sku])).toEqual([]);
  });
});

describe('codeswholesale: postback verification', () => {
  const creds = { clientId: 'client-1', clientSignature: 'signature-1' };
  const authHash = postbackAuthHash(creds.clientId, creds.clientSignature);
  const parse = (body: Record<string, unknown>) =>
    parseCodeswholesalePostback({ authHash, ...body }, creds);

  it('is sha256 hex of the client id followed by the signature', () => {
    // echo -n client-1signature-1 | sha256sum
    expect(authHash).toBe('aca7472ddd1ee3b86fb7937a3d169801a42f6683275e2d32c3075942c3c9ee82');
  });

  it('refuses a wrong hash, a missing one, and any postback to a connection without signature', () => {
    const body = { type: 'PREORDER', orderId: 'o-1' };
    const wrong = postbackAuthHash(creds.clientId, 'other');
    expect(parseCodeswholesalePostback({ ...body, authHash: wrong }, creds)).toMatchObject({
      ok: false,
      reason: 'unauthorized',
    });
    expect(parseCodeswholesalePostback(body, creds)).toMatchObject({ reason: 'unauthorized' });
    expect(
      parseCodeswholesalePostback({ ...body, authHash }, { clientId: creds.clientId }),
    ).toMatchObject({ reason: 'unauthorized' });
  });

  it('parses each type, and a verified body of an unknown shape as malformed', () => {
    expect(parse({ type: 'PREORDER', orderId: 'o-1' })).toEqual({
      ok: true,
      postback: { type: 'PREORDER', orderId: 'o-1' },
    });
    for (const type of ['NEW_PRODUCT', 'PRODUCT_UPDATED', 'PRODUCT_HIDDEN', 'NEW_FULL_PRODUCT']) {
      expect(parse({ type, productId: 'p-1' })).toEqual({
        ok: true,
        postback: { type, productId: 'p-1' },
      });
    }
    expect(parse({ type: 'PREORDER' })).toMatchObject({ ok: false, reason: 'malformed' });
    expect(parse({ type: 'SOMETHING_NEW', productId: 'p-1' })).toMatchObject({
      reason: 'malformed',
    });
  });

  it('reads STOCK under each field spelling the SDKs use', () => {
    const stock = (products: unknown) => parse({ type: 'STOCK', products });
    const price = (cents: number) => ({ cents, currency: 'eur' });
    expect(
      stock([
        {
          productId: 'a',
          quantity: 3,
          prices: [
            { from: 10, to: 99, value: 9 },
            { from: 1, to: 9, value: 10.5 },
          ],
        },
        { productId: 'b', quantity: 0, price: 4.99 },
        { productId: 'c', quantity: 1, prices: [{ priceRangeLabel: '1-9', price: 2.5 }] },
        { productId: 'd' },
      ]),
    ).toEqual({
      ok: true,
      postback: {
        type: 'STOCK',
        products: [
          { productId: 'a', quantity: 3, price: price(1050) },
          { productId: 'b', quantity: 0, price: price(499) },
          { productId: 'c', quantity: 1, price: price(250) },
          { productId: 'd', quantity: null, price: null },
        ],
      },
    });
    // One product's fields at the top level instead of a list.
    expect(parse({ type: 'stock', productId: 'e', quantity: 2, price: 1 })).toEqual({
      ok: true,
      postback: { type: 'STOCK', products: [{ productId: 'e', quantity: 2, price: price(100) }] },
    });
  });
});

describe('codeswholesale: code spellings', () => {
  const code = (fields: Record<string, unknown>) => CodeSchema.parse({ codeId: 'c-1', ...fields });

  it('reads the pre-order under both spellings and the legacy status', () => {
    expect(codeKind(code({ codeType: 'CODE_PREORDER' }))).toBe('preorder');
    expect(codeKind(code({ codeType: 'PRE_ORDER' }))).toBe('preorder');
    expect(codeKind(code({ status: 'Pre-ordered code' }))).toBe('preorder');
    expect(toSupplierCode(code({ codeType: 'PRE_ORDER', code: null }))).toEqual({
      kind: 'preorder',
      codeId: 'c-1',
    });
  });

  it('reads text and image codes from codeType or the legacy status', () => {
    expect(toSupplierCode(code({ status: 'Text code', code: 'AAAAA-BBBBB' }))).toEqual({
      kind: 'text',
      codeId: 'c-1',
      code: 'AAAAA-BBBBB',
    });
    expect(
      toSupplierCode(code({ codeType: 'CODE_IMAGE', code: '/9j/4AAQ', fileName: 'card.JPG' })),
    ).toEqual({
      kind: 'image',
      codeId: 'c-1',
      imageBase64: '/9j/4AAQ',
      filename: 'card.JPG',
      mimeType: 'image/jpeg',
    });
    expect(
      toSupplierCode(code({ status: 'Image code', code: 'iVBORw0KGgoAAA', filename: 'x' })),
    ).toMatchObject({ kind: 'image', mimeType: 'image/png' });
  });

  it('never takes an unknown type, or a code without its content, as delivered', () => {
    expect(codeKind(code({ codeType: 'CODE_SOMETHING', code: 'X' }))).toBeNull();
    expect(toSupplierCode(code({ codeType: 'CODE_SOMETHING', code: 'X' }))).toBeNull();
    expect(toSupplierCode(code({ codeType: 'CODE_TEXT', code: null }))).toBeNull();
  });
});
