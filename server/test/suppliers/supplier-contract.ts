import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupplierId } from '@market/shared';
import {
  SupplierError,
  type Supplier,
  type SupplierErrorCode,
  type SupplierHttpTuning,
  type SupplierProduct,
} from '../../src/integrations/suppliers/supplier.ts';
import type { ListeningSandbox } from '../../src/sandboxes/kit.ts';
import type { SupplierFaults } from '../../src/sandboxes/suppliers/faults.ts';
import type { SandboxProduct } from '../../src/sandboxes/suppliers/catalogue.ts';
import type { Stockroom } from '../../src/sandboxes/suppliers/stockroom.ts';

/*
 * The behaviour every supplier adapter owes the marketplace, run against each supplier's local
 * sandbox through the adapter's real HTTP client. Each supplier's test file calls
 * `runSupplierContract` with how to start its sandbox and connect to it, then adds what is its
 * own (token handling, postbacks, its error spellings).
 */

export type SupplierSandbox = ListeningSandbox & { stockroom: Stockroom };

export type SupplierFixture = {
  id: SupplierId;
  startSandbox(dir: string): Promise<SupplierSandbox>;
  /** The adapter pointed at the sandbox, with its accepted (or wrong) credentials. */
  connect(
    sandboxUrl: string,
    options: { credentials: 'sandbox' | 'wrong'; http: Partial<SupplierHttpTuning> },
  ): Supplier;
};

/** Fast enough for tests, slow enough that a hung call is told from a slow one. */
export const FAST_HTTP: Partial<SupplierHttpTuning> = {
  timeoutMs: 400,
  maxAttempts: 3,
  initialDelayMs: 10,
  maxDelayMs: 50,
  maxRetryAfterMs: 2_000,
  breakerThreshold: 3,
  halfOpenAfterMs: 300,
};

/** What the adapter's call failed with (the test fails when it did not fail). */
export async function failureOf(call: Promise<unknown>): Promise<SupplierErrorCode> {
  try {
    await call;
  } catch (err) {
    if (err instanceof SupplierError) return err.code;
    throw err;
  }
  throw new Error('expected the supplier call to fail');
}

export async function setFaults(sandboxUrl: string, faults: Partial<SupplierFaults>) {
  const res = await fetch(`${sandboxUrl}/sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(faults),
  });
  expect(res.status).toBe(200);
}

export async function clearFaults(sandboxUrl: string) {
  const res = await fetch(`${sandboxUrl}/sandbox/faults`, { method: 'DELETE' });
  expect(res.status).toBe(200);
}

export async function releasePreOrders(sandboxUrl: string) {
  const res = await fetch(`${sandboxUrl}/sandbox/preorders/release`, { method: 'POST' });
  expect(res.status).toBe(200);
}

/** The sandbox's temp folder, removed after the file's tests. */
export function sandboxDir(id: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `${id}-sandbox-`));
}

let refs = 0;
/** A clientRef no earlier test used. */
export const newClientRef = () => `ord_${Date.now().toString(36)}_${++refs}:0:0`;

export function runSupplierContract(fixture: SupplierFixture) {
  describe(`${fixture.id}: the supplier contract against its sandbox`, () => {
    let sandbox: SupplierSandbox;
    let dir: string;
    let supplier: Supplier;
    const used = new Set<string>();

    /** A product no earlier test touched, with stock enough to buy from. */
    const freshProduct = (): SandboxProduct => {
      const product = sandbox.stockroom
        .visibleProducts()
        .find((p) => !p.preOrder && p.quantity >= 10 && !used.has(p.sku));
      if (!product) throw new Error('the sandbox catalogue ran out of fresh products');
      used.add(product.sku);
      // A snapshot: the stockroom changes its own object as purchases and faults happen.
      return { ...product };
    };
    const priceOf = (p: SandboxProduct) => ({ cents: p.priceCents, currency: p.currency });
    const buy = (p: SandboxProduct, quantity = 1, clientRef = newClientRef()) =>
      supplier.purchase({ sku: p.sku, quantity, maxUnitPrice: priceOf(p), clientRef });

    beforeAll(async () => {
      dir = sandboxDir(fixture.id);
      sandbox = await fixture.startSandbox(dir);
    });
    afterAll(async () => {
      await sandbox.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    beforeEach(async () => {
      await clearFaults(sandbox.url);
      // A fresh connection per test: its breaker starts closed.
      supplier = fixture.connect(sandbox.url, { credentials: 'sandbox', http: FAST_HTTP });
    });

    it('pages through the whole catalogue once, each product priced', async () => {
      const seen: SupplierProduct[] = [];
      let cursor: string | null = null;
      do {
        const page = await supplier.listProducts(cursor);
        seen.push(...page.items);
        cursor = page.next;
      } while (cursor !== null);
      const expected = sandbox.stockroom.visibleProducts();
      expect(seen.map((p) => p.sku).sort()).toEqual(expected.map((p) => p.sku).sort());
      const first = seen.find((p) => p.sku === expected[0]!.sku)!;
      expect(first).toMatchObject({
        name: expected[0]!.name,
        quantity: expected[0]!.quantity,
        price: priceOf(expected[0]!),
        preOrder: expected[0]!.preOrder,
      });
    });

    it('answers stock and price of known skus and leaves unknown ones out', async () => {
      const [a, b] = [freshProduct(), freshProduct()];
      const stock = await supplier.getStock([a.sku, 'NO-SUCH-SKU', b.sku]);
      expect(stock.map((s) => s.sku).sort()).toEqual([a.sku, b.sku].sort());
      expect(stock.find((s) => s.sku === a.sku)).toEqual({
        sku: a.sku,
        quantity: a.quantity,
        price: priceOf(a),
      });
    });

    it('buys text codes, one per unit, and charges the account once', async () => {
      const product = freshProduct();
      const before = { stock: product.quantity, balance: (await supplier.balance()).available };
      const purchase = await buy(product, 2);
      expect(purchase).toMatchObject({
        sku: product.sku,
        quantity: 2,
        unitPrice: priceOf(product),
        status: 'completed',
      });
      const codes = await supplier.codes(purchase);
      expect(codes).toHaveLength(2);
      expect(codes.every((c) => c.kind === 'text' && c.code.length >= 10)).toBe(true);
      expect(new Set(codes.map((c) => c.codeId)).size).toBe(2);
      expect(sandbox.stockroom.product(product.sku)!.quantity).toBe(before.stock - 2);
      expect((await supplier.balance()).available).toEqual({
        cents: before.balance.cents - 2 * product.priceCents,
        currency: before.balance.currency,
      });
    });

    it('never buys twice for one clientRef, and finds the purchase by it', async () => {
      const product = freshProduct();
      const clientRef = newClientRef();
      const first = await buy(product, 1, clientRef);
      const again = await buy(product, 1, clientRef);
      expect(again.purchaseId).toBe(first.purchaseId);
      expect(sandbox.stockroom.product(product.sku)!.quantity).toBe(product.quantity - 1);
      const bought = Object.values(sandbox.stockroom.state.purchases);
      expect(bought.filter((p) => p.clientRef === clientRef)).toHaveLength(1);
      expect(await supplier.findPurchase(clientRef)).toMatchObject({
        purchaseId: first.purchaseId,
        clientRef,
        status: 'completed',
      });
      expect(await supplier.findPurchase(newClientRef())).toBeNull();
    });

    it('refuses an unknown sku as NOT_FOUND', async () => {
      const code = await failureOf(
        supplier.purchase({
          sku: 'NO-SUCH-SKU',
          quantity: 1,
          maxUnitPrice: { cents: 1000, currency: 'eur' },
          clientRef: newClientRef(),
        }),
      );
      expect(code).toBe('NOT_FOUND');
    });

    it('reports stock gone at purchase as OUT_OF_STOCK and buys nothing', async () => {
      const product = freshProduct();
      await setFaults(sandbox.url, { outOfStockAtPurchase: true });
      const clientRef = newClientRef();
      expect(await failureOf(buy(product, 1, clientRef))).toBe('OUT_OF_STOCK');
      expect(await supplier.findPurchase(clientRef)).toBeNull();
    });

    it('refuses a price above the ceiling as PRICE_CHANGED and buys nothing', async () => {
      const product = freshProduct();
      await setFaults(sandbox.url, { priceRisePercentAtPurchase: 20 });
      const clientRef = newClientRef();
      expect(await failureOf(buy(product, 1, clientRef))).toBe('PRICE_CHANGED');
      expect(await supplier.findPurchase(clientRef)).toBeNull();
      const [now] = await supplier.getStock([product.sku]);
      expect(now!.price.cents).toBe(Math.round(product.priceCents * 1.2));
    });

    it('refuses a purchase the balance does not cover as INSUFFICIENT_BALANCE', async () => {
      const product = freshProduct();
      const balance = sandbox.stockroom.state.balanceCents;
      const res = await fetch(`${sandbox.url}/sandbox/balance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ balanceCents: product.priceCents - 1 }),
      });
      expect(res.status).toBe(200);
      try {
        expect(await failureOf(buy(product))).toBe('INSUFFICIENT_BALANCE');
      } finally {
        sandbox.stockroom.state.balanceCents = balance;
        sandbox.stockroom.save();
      }
    });

    it('delivers image codes as images', async () => {
      const product = freshProduct();
      await setFaults(sandbox.url, { imageCodes: true });
      const [code] = await supplier.codes(await buy(product));
      if (code?.kind !== 'image') throw new Error(`expected an image code, got ${code?.kind}`);
      expect(code.mimeType).toBe('image/png');
      // A real PNG: its signature survives the trip.
      expect(Buffer.from(code.imageBase64, 'base64').subarray(1, 4).toString()).toBe('PNG');
    });

    it('takes a pre-order whose codes arrive later', async () => {
      const product = freshProduct();
      await setFaults(sandbox.url, { preOrders: true });
      const clientRef = newClientRef();
      const purchase = await buy(product, 1, clientRef);
      expect(purchase.status).toBe('pending');
      expect((await supplier.codes(purchase)).map((c) => c.kind)).toEqual(['preorder']);

      await releasePreOrders(sandbox.url);
      const released = await supplier.findPurchase(clientRef);
      expect(released).toMatchObject({ purchaseId: purchase.purchaseId, status: 'completed' });
      const codes = await supplier.codes(released!);
      expect(codes.map((c) => c.kind)).toEqual(['text']);
    });

    it('rides out a 5xx and a 429, waiting the Retry-After it was given', async () => {
      await setFaults(sandbox.url, { failNext5xx: 1 });
      expect((await supplier.balance()).available.cents).toBeGreaterThan(0);

      await setFaults(sandbox.url, { failNext429: 1, retryAfterSeconds: 1 });
      const started = Date.now();
      expect((await supplier.balance()).available.cents).toBeGreaterThan(0);
      expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    });

    it('gives up as UNAVAILABLE when every attempt times out', async () => {
      await setFaults(sandbox.url, { hangNext: 10 });
      expect(await failureOf(supplier.balance())).toBe('UNAVAILABLE');
    });

    it('opens its breaker after repeated failures, fails fast, and closes once the supplier is back', async () => {
      await setFaults(sandbox.url, { failNext5xx: 100 });
      expect(await failureOf(supplier.balance())).toBe('UNAVAILABLE');
      expect(supplier.breakerState()).toBe('open');
      const started = Date.now();
      expect(await failureOf(supplier.balance())).toBe('UNAVAILABLE');
      expect(Date.now() - started).toBeLessThan(100);

      await clearFaults(sandbox.url);
      await new Promise((r) => setTimeout(r, FAST_HTTP.halfOpenAfterMs! + 50));
      expect((await supplier.balance()).available.cents).toBeGreaterThan(0);
      expect(supplier.breakerState()).toBe('closed');
    });

    it('reports refused credentials as UNAUTHORIZED', async () => {
      const wrong = fixture.connect(sandbox.url, { credentials: 'wrong', http: FAST_HTTP });
      expect(await failureOf(wrong.balance())).toBe('UNAUTHORIZED');
      expect(await failureOf(wrong.listProducts(null))).toBe('UNAUTHORIZED');
    });

    it('keeps what it sold across a restart of the sandbox', async () => {
      const product = freshProduct();
      const clientRef = newClientRef();
      const purchase = await buy(product, 1, clientRef);
      const [code] = await supplier.codes(purchase);
      await sandbox.close();
      sandbox = await fixture.startSandbox(dir);
      supplier = fixture.connect(sandbox.url, { credentials: 'sandbox', http: FAST_HTTP });
      const found = await supplier.findPurchase(clientRef);
      expect(found?.purchaseId).toBe(purchase.purchaseId);
      expect(await supplier.codes(found!)).toEqual([code]);
    });
  });
}
