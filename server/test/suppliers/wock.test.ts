import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWockSupplier } from '../../src/integrations/suppliers/wock/index.ts';
import type { Supplier, SupplierError } from '../../src/integrations/suppliers/supplier.ts';
import {
  startWockSandbox,
  WOCK_SANDBOX_CREDENTIALS,
  type WockSandbox,
} from '../../src/sandboxes/suppliers/wock/index.ts';
import {
  FAST_HTTP,
  failureOf,
  newClientRef,
  runSupplierContract,
  sandboxDir,
  setFaults,
} from './supplier-contract.ts';

runSupplierContract({
  id: 'wock',
  startSandbox: (dir) => startWockSandbox({ port: 0, dir }),
  connect: (baseUrl, { credentials, http }) =>
    createWockSupplier({
      baseUrl,
      credentials: credentials === 'sandbox' ? WOCK_SANDBOX_CREDENTIALS : { apiKey: 'wock_wrong' },
      http,
    }),
});

describe('wock: its own wire format (provisional contract)', () => {
  let sandbox: WockSandbox;
  let dir: string;
  let wock: Supplier;

  beforeAll(async () => {
    dir = sandboxDir('wock');
    sandbox = await startWockSandbox({ port: 0, dir, productCount: 250 });
    wock = createWockSupplier({
      baseUrl: sandbox.url,
      credentials: WOCK_SANDBOX_CREDENTIALS,
      http: FAST_HTTP,
    });
  });
  afterAll(async () => {
    await sandbox.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A raw call to the sandbox, as Wock's API would answer it. */
  const raw = (path: string, init: { method?: string; headers?: object; body?: unknown } = {}) =>
    fetch(`${sandbox.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${WOCK_SANDBOX_CREDENTIALS.apiKey}`,
        'content-type': 'application/json',
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const inStock = () =>
    sandbox.stockroom.visibleProducts().find((p) => p.quantity >= 10 && !p.preOrder)!;
  const orderBody = (sku: string, reference: string) => ({
    sku,
    quantity: 1,
    maxUnitPrice: { amount: '999.00', currency: 'EUR' },
    reference,
  });

  it('refuses a request without the bearer key with its 401 error body', async () => {
    const res = await raw('/v1/account/balance', { headers: { authorization: '' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: { code: 'unauthorized', message: expect.any(String) },
    });
  });

  it("keeps Wock's own error code on each refusal for the admin's purchase list", async () => {
    const refused = async (call: Promise<unknown>) => {
      const err = await call.then(
        () => expect.fail('expected a refusal'),
        (e: unknown) => e as SupplierError,
      );
      return [err.code, err.supplierCode];
    };
    const product = inStock();
    const buy = (maxCents: number) =>
      wock.purchase({
        sku: product.sku,
        quantity: 1,
        maxUnitPrice: { cents: maxCents, currency: 'eur' },
        clientRef: newClientRef(),
      });
    expect(await refused(buy(product.priceCents - 1))).toEqual(['PRICE_CHANGED', 'price_changed']);
    await setFaults(sandbox.url, { outOfStockAtPurchase: true });
    expect(await refused(buy(product.priceCents))).toEqual(['OUT_OF_STOCK', 'out_of_stock']);
    const bogus = { purchaseId: 'nope', clientRef: 'x', sku: 'x', quantity: 1 } as const;
    expect(
      await refused(
        wock.codes({ ...bogus, unitPrice: { cents: 1, currency: 'eur' }, status: 'completed' }),
      ),
    ).toEqual(['NOT_FOUND', 'order_not_found']);
  });

  it('reports a request Wock refuses as invalid as REJECTED (not to be retried)', async () => {
    const product = sandbox.stockroom.visibleProducts()[0]!;
    const code = await failureOf(
      wock.purchase({
        sku: product.sku,
        quantity: 1,
        maxUnitPrice: { cents: product.priceCents, currency: 'usd' },
        clientRef: newClientRef(),
      }),
    );
    expect(code).toBe('REJECTED');
    expect(await failureOf(wock.listProducts('not-a-cursor'))).toBe('REJECTED');
  });

  it('deduplicates orders on the Idempotency-Key header, which must equal the reference', async () => {
    const sku = inStock().sku;
    const reference = newClientRef();
    const noKey = await raw('/v1/orders', { method: 'POST', body: orderBody(sku, reference) });
    expect(noKey.status).toBe(400);
    expect(await noKey.json()).toMatchObject({ error: { code: 'idempotency_key_required' } });

    const mismatch = await raw('/v1/orders', {
      method: 'POST',
      headers: { 'idempotency-key': 'other' },
      body: orderBody(sku, reference),
    });
    expect(mismatch.status).toBe(422);
    // Neither refused call bought anything; the adapter's purchase sends the header and buys.
    expect(await wock.findPurchase(reference)).toBeNull();
    const bought = await wock.purchase({
      sku,
      quantity: 1,
      maxUnitPrice: { cents: 99_900, currency: 'eur' },
      clientRef: reference,
    });

    const repeat = await raw('/v1/orders', {
      method: 'POST',
      headers: { 'idempotency-key': reference },
      body: orderBody(sku, reference),
    });
    expect(repeat.status).toBe(200);
    expect(await repeat.json()).toMatchObject({ id: bought.purchaseId, reference });
  });

  it('pages the whole catalogue by cursor without skipping a product hidden mid-way', async () => {
    const first = await wock.listProducts(null);
    expect(first.items).toHaveLength(100);
    // The supplier withdraws a product already read: the next page still starts after it.
    const hidden = first.items.at(-1)!.sku;
    sandbox.stockroom.product(hidden)!.hidden = true;
    try {
      const skus = first.items.map((p) => p.sku);
      for (let cursor = first.next; cursor !== null;) {
        const page = await wock.listProducts(cursor);
        skus.push(...page.items.map((p) => p.sku));
        cursor = page.next;
      }
      expect(skus).toEqual(sandbox.stockroom.state.skus);
    } finally {
      sandbox.stockroom.product(hidden)!.hidden = false;
    }
  });

  it('asks stock for more skus than one call takes in batches', async () => {
    const skus = sandbox.stockroom.state.skus;
    const stock = await wock.getStock(skus);
    expect(stock).toHaveLength(skus.length);
    expect(stock.at(-1)).toMatchObject({ sku: skus.at(-1), quantity: expect.any(Number) });
  });
});
