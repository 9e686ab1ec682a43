import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuygamesguruSupplier } from '../../src/integrations/suppliers/buygamesguru/index.ts';
import type {
  PurchaseInput,
  Supplier,
  SupplierError,
} from '../../src/integrations/suppliers/supplier.ts';
import {
  BUYGAMESGURU_SANDBOX_CREDENTIALS,
  startBuygamesguruSandbox,
  type BuygamesguruSandbox,
} from '../../src/sandboxes/suppliers/buygamesguru/index.ts';
import {
  FAST_HTTP,
  newClientRef,
  runSupplierContract,
  sandboxDir,
  setFaults,
} from './supplier-contract.ts';

runSupplierContract({
  id: 'buygamesguru',
  startSandbox: (dir) => startBuygamesguruSandbox({ port: 0, dir }),
  connect: (baseUrl, { credentials, http }) =>
    createBuygamesguruSupplier({
      baseUrl,
      credentials:
        credentials === 'sandbox' ? BUYGAMESGURU_SANDBOX_CREDENTIALS : { apiKey: 'bgg-wrong' },
      http,
    }),
});

describe('buygamesguru: its own wire format (provisional contract)', () => {
  let sandbox: BuygamesguruSandbox;
  let dir: string;
  let bgg: Supplier;

  beforeAll(async () => {
    dir = sandboxDir('buygamesguru');
    sandbox = await startBuygamesguruSandbox({ port: 0, dir, productCount: 250 });
    bgg = createBuygamesguruSupplier({
      baseUrl: sandbox.url,
      credentials: BUYGAMESGURU_SANDBOX_CREDENTIALS,
      http: FAST_HTTP,
    });
  });
  afterAll(async () => {
    await sandbox.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A raw call to the sandbox, as BuyGamesGuru's API would answer it. */
  const raw = (path: string, init: { method?: string; headers?: object; body?: unknown } = {}) =>
    fetch(`${sandbox.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        'x-api-key': BUYGAMESGURU_SANDBOX_CREDENTIALS.apiKey,
        'content-type': 'application/json',
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const inStock = () =>
    sandbox.stockroom.visibleProducts().find((p) => p.quantity >= 10 && !p.preOrder)!;
  /** The refusal's code and BuyGamesGuru's own `error_code`. */
  const refused = async (call: Promise<unknown>) => {
    const err = await call.then(
      () => expect.fail('expected a refusal'),
      (e: unknown) => e as SupplierError,
    );
    return [err.code, err.supplierCode];
  };

  it('refuses a request without X-Api-Key (401) and a wrong key (403) as UNAUTHORIZED', async () => {
    const res = await raw('/api/v2/wallet', { headers: { 'x-api-key': '' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      status: 'error',
      error_code: 'API_KEY_MISSING',
      detail: expect.any(String),
    });
    const wrong = createBuygamesguruSupplier({
      baseUrl: sandbox.url,
      credentials: { apiKey: 'bgg-wrong' },
      http: FAST_HTTP,
    });
    expect(await refused(wrong.balance())).toEqual(['UNAUTHORIZED', 'API_KEY_INVALID']);
  });

  it("maps BuyGamesGuru's refusals and keeps its error_code for the admin's purchase list", async () => {
    const product = inStock();
    const buy = (input: Partial<PurchaseInput>) =>
      bgg.purchase({
        sku: product.sku,
        quantity: 1,
        maxUnitPrice: { cents: product.priceCents, currency: 'usd' },
        clientRef: newClientRef(),
        ...input,
      });
    expect(await refused(buy({ maxUnitPrice: { cents: 1, currency: 'usd' } }))).toEqual([
      'PRICE_CHANGED',
      'PRICE_ABOVE_MAX',
    ]);
    // The wallet pays in dollars: a ceiling in euros is refused, not converted.
    expect(await refused(buy({ maxUnitPrice: { cents: 99_999, currency: 'eur' } }))).toEqual([
      'REJECTED',
      'CURRENCY_MISMATCH',
    ]);
    expect(await refused(buy({ quantity: 0 }))).toEqual(['REJECTED', 'VALIDATION_ERROR']);
    await setFaults(sandbox.url, { outOfStockAtPurchase: true });
    expect(await refused(buy({}))).toEqual(['OUT_OF_STOCK', 'OUT_OF_STOCK']);
    const ghost = await bgg.purchase({
      sku: inStock().sku,
      quantity: 1,
      maxUnitPrice: { cents: 99_999, currency: 'usd' },
      clientRef: newClientRef(),
    });
    expect(await refused(bgg.codes({ ...ghost, purchaseId: 'nope' }))).toEqual([
      'NOT_FOUND',
      'PURCHASE_NOT_FOUND',
    ]);
  });

  it('deduplicates purchases on external_ref alone, answering the first one', async () => {
    const product = inStock();
    const clientRef = newClientRef();
    const first = await bgg.purchase({
      sku: product.sku,
      quantity: 1,
      maxUnitPrice: { cents: product.priceCents, currency: 'usd' },
      clientRef,
    });
    const balance = sandbox.stockroom.state.balanceCents;
    // A retry whose body differs (a bug, a changed line) still never buys a second time.
    const repeat = await raw('/api/v2/purchases', {
      method: 'POST',
      body: {
        product_sku: product.sku,
        qty: 3,
        max_price_cents: product.priceCents,
        currency: 'usd',
        external_ref: clientRef,
      },
    });
    expect(repeat.status).toBe(200);
    expect(await repeat.json()).toMatchObject({
      status: 'ok',
      purchase: { purchase_id: first.purchaseId, qty: 1, external_ref: clientRef },
    });
    expect(sandbox.stockroom.state.balanceCents).toBe(balance);
  });

  it('pages the whole catalogue by page number, 100 a page, saying its size', async () => {
    const pages = [];
    let cursor: string | null = null;
    do {
      const page = await bgg.listProducts(cursor);
      expect(page.total).toBe(250);
      pages.push(page.items.length);
      cursor = page.next;
    } while (cursor !== null);
    expect(pages).toEqual([100, 100, 50]);
    expect((await bgg.listProducts('4')).items).toEqual([]);
  });

  it('asks availability one sku at a time, leaving unknown skus out', async () => {
    const skus = sandbox.stockroom.state.skus.slice(0, 9);
    const stock = await bgg.getStock([...skus.slice(0, 5), 'NO-SUCH', ...skus.slice(5)]);
    expect(stock.map((s) => s.sku)).toEqual(skus);
    expect(stock[0]!.price.currency).toBe('usd');
  });
});
