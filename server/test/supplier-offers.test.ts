import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OfferRestockResultSchema,
  ProductSalesSchema,
  SellerOfferSchema,
  SellerSupplierConnectionSchema,
  type SellerOffer,
} from '@market/shared';
import type { KeyDoc } from '../src/modules/keys/keys.repository.ts';
import type { OfferDoc } from '../src/modules/offers/offers.repository.ts';
import type { SupplierPurchaseDoc } from '../src/modules/supplier-purchases/supplier-purchases.repository.ts';
import type { SandboxPurchase } from '../src/sandboxes/suppliers/stockroom.ts';
import {
  startWockSandbox,
  WOCK_SANDBOX_CREDENTIALS,
  type WockSandbox,
} from '../src/sandboxes/suppliers/wock/index.ts';
import {
  expectFieldErrors,
  freshCodes,
  newProduct,
  productDoc,
  sell,
  uploadKeys,
} from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

/**
 * Supplier-backed offers through the seller API, against the Wock sandbox through the seller's
 * own connection: on the storefront with `apiName: 'wock'`, priced by their rule, kept in step
 * by the sync, and restocked into the vault. The server counts fees of 5 % + 0.30 EUR and 22 %
 * VAT in the floor (the defaults), and the default rates (1.08 USD, 0.86 GBP per EUR).
 */

let t: TestServer;
let wock: WockSandbox;
let sandboxDir: string;
let skus: string[];
let nextSku = 0;

beforeAll(async () => {
  sandboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wock-offers-'));
  wock = await startWockSandbox({ port: 0, dir: sandboxDir, productCount: 40 });
  // A breaker tries again after 1 s (30 s by default), so a test sees it close.
  t = await startTestServer({
    env: { SUPPLIER_WOCK_URL: wock.url, SUPPLIER_BREAKER_RESET_SECONDS: '1' },
  });
  skus = wock.stockroom.visibleProducts().map((p) => p.sku);
});
afterAll(async () => {
  await t.close();
  await wock.close();
  fs.rmSync(sandboxDir, { recursive: true, force: true });
});

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** A sandbox product of the test's own, set to this stock and unit price (EUR cents). */
async function wockProduct(quantity: number, priceCents: number): Promise<string> {
  const sku = skus[nextSku++]!;
  await setWock(sku, { quantity, priceCents, preOrder: false, hidden: false });
  return sku;
}
async function setWock(sku: string, fields: object) {
  const res = await fetch(`${wock.url}/sandbox/products/${sku}`, json(fields));
  expect(res.status).toBe(200);
}
const setFaults = (faults: object) => fetch(`${wock.url}/sandbox/faults`, json(faults));
const clearFaults = () => fetch(`${wock.url}/sandbox/faults`, { method: 'DELETE' });
const wockPurchases = async () =>
  (await (await fetch(`${wock.url}/sandbox/purchases`)).json()) as SandboxPurchase[];

type Seller = TestAccount & { connectionId: string };

/** A seller connected to Wock with the sandbox's credentials. */
async function wockSeller(): Promise<Seller> {
  const account = await t.account('seller');
  const res = await t.call('POST', '/api/seller/supplier-connections', {
    token: account.token,
    body: { supplier: 'wock', label: 'Wock', credentials: WOCK_SANDBOX_CREDENTIALS },
  });
  expect(res.status).toBe(201);
  return { ...account, connectionId: SellerSupplierConnectionSchema.parse(await res.json()).id };
}

const RULE = { marginPercent: 40, marginFixedCents: 50, rounding: 'none' } as const;

const supplierSource = (seller: Seller, sku: string, over: object = {}) => ({
  kind: 'supplier',
  connectionId: seller.connectionId,
  sku,
  mode: 'onDemand',
  stockCap: 5,
  costCeiling: 1500,
  pricing: RULE,
  ...over,
});

const createOffer = (seller: TestAccount, body: object) =>
  t.call('POST', '/api/seller/offers', { token: seller.token, body });

/** A supplier-backed offer of `seller` on `productId`, created through the seller API. */
async function supplierOffer(seller: Seller, productId: string, source: object, extra = {}) {
  const res = await createOffer(seller, { productId, source, ...extra });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return SellerOfferSchema.parse(await res.json());
}

const getOffer = async (seller: TestAccount, id: string): Promise<SellerOffer> =>
  SellerOfferSchema.parse(
    await (await t.call('GET', `/api/seller/offers/${id}`, { token: seller.token })).json(),
  );

async function salesOf(productId: string) {
  const res = await t.call('POST', '/api/public/products/info-multiple-sales', {
    body: { productIdList: [productId], locale: 'en', currency: 'eur' },
  });
  expect(res.status).toBe(200);
  return ProductSalesSchema.parse(((await res.json()) as unknown[])[0]);
}

const sync = (seller: Seller) => t.container.supplierSync.syncConnection(seller.connectionId);

const restock = (seller: TestAccount, offerId: string, quantity: number) =>
  t.call('POST', `/api/seller/offers/${offerId}/restock`, {
    token: seller.token,
    body: { quantity },
  });

describe('an on-demand offer', () => {
  it('is on sale at once with apiName wock, its seller and offer, and the supplier’s stock up to the cap', async () => {
    const seller = await wockSeller();
    const other = await t.account('seller');
    const productId = await newProduct(t.db, { name: 'Wock Probe Alpha' });
    const sku = await wockProduct(7, 1000);

    const offer = await supplierOffer(seller, productId, supplierSource(seller, sku));
    // 10.00 + 40 % + 0.50 = 14.50 EUR, converted at the admin's rates.
    expect(offer).toMatchObject({
      stock: 5,
      status: 'active',
      prices: { eur: 1450, usd: 1566, gbp: 1247 },
      source: {
        kind: 'supplier',
        supplier: 'wock',
        mode: 'onDemand',
        sku,
        stockCap: 5,
        cost: { cents: 1000, currency: 'eur' },
        supplierQuantity: 7,
        pausedBySync: null,
      },
    });

    // Another seller's uploaded keys on the same product keep `marketplace`.
    const uploaded = await sell(t, other, productId, { eur: 2500 });
    await uploadKeys(t, other, uploaded.id, freshCodes(2));

    const sales = await salesOf(productId);
    expect(sales.offers.allOffers).toEqual([
      expect.objectContaining({
        offerId: offer.id,
        sellerId: seller.sellerId,
        sellerName: seller.sellerId,
        prices: { eur: 1450, usd: 1566, gbp: 1247 },
        inStock: true,
        apiName: 'wock',
      }),
      expect.objectContaining({ offerId: uploaded.id, apiName: 'marketplace' }),
    ]);
    expect(sales.offers.apiName).toBe('wock');
    expect(sales.prices.eur).toEqual({ min: 1450, max: 2500 });
    expect(await productDoc(t.db, productId)).toMatchObject({ eurMin: 1450, eurMax: 2500 });

    // Fewer units than the cap at the supplier: the declared stock follows them.
    await setWock(sku, { quantity: 3 });
    await sync(seller);
    expect((await getOffer(seller, offer.id)).stock).toBe(3);
  });

  it('leaves the storefront when the supplier runs out and comes back when it has stock', async () => {
    const seller = await wockSeller();
    const productId = await newProduct(t.db);
    const sku = await wockProduct(4, 1000);
    const offer = await supplierOffer(seller, productId, supplierSource(seller, sku));
    expect((await salesOf(productId)).inStock).toBe(true);

    await setWock(sku, { quantity: 0 });
    const report = await sync(seller);
    expect(report).toMatchObject({ offers: 1, paused: 1, error: null });
    expect(await getOffer(seller, offer.id)).toMatchObject({
      status: 'paused',
      stock: 0,
      source: { pausedBySync: 'outOfStock', supplierQuantity: 0 },
    });
    const gone = await salesOf(productId);
    expect(gone).toMatchObject({ inStock: false, sales: [], offers: { apiName: 'marketplace' } });
    expect(await productDoc(t.db, productId)).toMatchObject({ eurMin: null, gbpMax: null });

    await setWock(sku, { quantity: 2 });
    expect(await sync(seller)).toMatchObject({ resumed: 1 });
    expect(await getOffer(seller, offer.id)).toMatchObject({
      status: 'active',
      stock: 2,
      source: { pausedBySync: null },
    });
    expect((await salesOf(productId)).offers.allOffers).toHaveLength(1);
    expect(await productDoc(t.db, productId)).toMatchObject({ eurMin: 1450, eurMax: 1450 });
  });

  it('stays paused when its seller paused it, whatever the supplier’s stock does', async () => {
    const seller = await wockSeller();
    const productId = await newProduct(t.db);
    const sku = await wockProduct(4, 1000);
    const offer = await supplierOffer(seller, productId, supplierSource(seller, sku));
    const res = await t.call('PUT', `/api/seller/offers/${offer.id}`, {
      token: seller.token,
      body: { ...offer, status: 'paused' },
    });
    expect(res.status).toBe(200);

    await setWock(sku, { quantity: 0 });
    await sync(seller);
    await setWock(sku, { quantity: 9 });
    await sync(seller);
    expect(await getOffer(seller, offer.id)).toMatchObject({
      status: 'paused',
      source: { pausedBySync: null },
    });
    expect((await salesOf(productId)).sales).toEqual([]);
  });

  it('is re-priced on sync when the supplier’s price rises, and paused above the cost ceiling', async () => {
    const seller = await wockSeller();
    const productId = await newProduct(t.db);
    const sku = await wockProduct(6, 1000);
    const offer = await supplierOffer(seller, productId, supplierSource(seller, sku));

    await setWock(sku, { priceCents: 1200 });
    expect(await sync(seller)).toMatchObject({ repriced: 1 });
    // 12.00 + 40 % + 0.50 = 17.30 EUR.
    expect(await getOffer(seller, offer.id)).toMatchObject({
      prices: { eur: 1730, usd: 1869, gbp: 1488 },
      source: { cost: { cents: 1200, currency: 'eur' } },
    });
    expect((await salesOf(productId)).prices.eur).toEqual({ min: 1730, max: 1730 });
    expect(await productDoc(t.db, productId)).toMatchObject({ eurMin: 1730, usdMin: 1869 });

    // Dearer than the seller's ceiling (15.00): not bought, so not sold.
    await setWock(sku, { priceCents: 1600 });
    await sync(seller);
    expect(await getOffer(seller, offer.id)).toMatchObject({
      status: 'paused',
      source: { pausedBySync: 'overCeiling' },
    });
    await setWock(sku, { priceCents: 1000 });
    await sync(seller);
    expect(await getOffer(seller, offer.id)).toMatchObject({
      status: 'active',
      prices: { eur: 1450 },
    });
  });

  it('never sells below cost after VAT and fees, and rounds up to .99', async () => {
    const seller = await wockSeller();
    const sku = await wockProduct(3, 1000);
    const rule = { marginPercent: 0, marginFixedCents: 0, rounding: 'to99' };
    // 10.30 / (1/1.22 − 5 %) = 13.38 EUR at least, rounded up to 13.99.
    const taxed = await supplierOffer(
      seller,
      await newProduct(t.db),
      supplierSource(seller, sku, { pricing: rule }),
    );
    expect(taxed.prices).toEqual({ eur: 1399, usd: 1499, gbp: 1199 });
    // No VAT in a zero-VAT offer's price: 10.30 / 95 % = 10.85 EUR at least.
    const zeroVat = await supplierOffer(
      seller,
      await newProduct(t.db),
      supplierSource(seller, sku, { pricing: rule }),
      { zeroVat: true },
    );
    expect(zeroVat.prices).toEqual({ eur: 1099, usd: 1199, gbp: 999 });
  });

  it('stops selling while the marketplace has its supplier switched off', async () => {
    const seller = await wockSeller();
    const admin = await t.account('admin');
    const productId = await newProduct(t.db);
    const offer = await supplierOffer(
      seller,
      productId,
      supplierSource(seller, await wockProduct(5, 800)),
    );
    const switchWock = (enabled: boolean) =>
      t.call('PUT', '/api/admin/suppliers/wock', { token: admin.token, body: { enabled } });
    expect((await switchWock(false)).status).toBe(200);
    try {
      await sync(seller);
      expect(await getOffer(seller, offer.id)).toMatchObject({
        status: 'paused',
        source: { pausedBySync: 'supplierOff' },
      });
    } finally {
      await switchWock(true);
    }
    await sync(seller);
    expect((await getOffer(seller, offer.id)).status).toBe('active');
  });
});

describe('the sync of a connection', () => {
  it('records when it ran, and the supplier’s failure without touching the offers', async () => {
    const seller = await wockSeller();
    const productId = await newProduct(t.db);
    const sku = await wockProduct(4, 1000);
    const offer = await supplierOffer(seller, productId, supplierSource(seller, sku));
    const connection = async () =>
      SellerSupplierConnectionSchema.parse(
        await (
          await t.call('GET', `/api/seller/supplier-connections/${seller.connectionId}`, {
            token: seller.token,
          })
        ).json(),
      );

    await sync(seller);
    expect((await connection()).lastSyncAt).not.toBeNull();

    await setWock(sku, { quantity: 0 });
    await setFaults({ failNext5xx: 3 });
    try {
      expect((await sync(seller)).error).toBeTruthy();
    } finally {
      await clearFaults();
    }
    expect((await connection()).lastError?.message).toBeTruthy();
    expect(await getOffer(seller, offer.id)).toMatchObject({ status: 'active', stock: 4 });
  });

  it('pauses on-demand offers while the connection’s breaker is open, and resumes them once it closes', async () => {
    const seller = await wockSeller();
    const productId = await newProduct(t.db);
    const sku = await wockProduct(4, 1000);
    const offer = await supplierOffer(seller, productId, supplierSource(seller, sku));
    await setFaults({ failNext5xx: 50 });
    try {
      // Each sync's call fails after its retries; the failures add up until the breaker opens.
      let report = await sync(seller);
      for (let i = 0; i < 3 && report.paused === 0; i++) report = await sync(seller);
      expect(report.paused).toBe(1);
    } finally {
      await clearFaults();
    }
    expect(await getOffer(seller, offer.id)).toMatchObject({
      status: 'paused',
      source: { pausedBySync: 'supplierDown' },
    });
    const down = await t.call('GET', `/api/seller/supplier-connections/${seller.connectionId}`, {
      token: seller.token,
    });
    expect(SellerSupplierConnectionSchema.parse(await down.json()).breaker).toBe('open');

    // After the reset time one call may try again; the supplier answers and the offer is back.
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await sync(seller)).resumed).toBe(1);
    expect(await getOffer(seller, offer.id)).toMatchObject({ status: 'active', stock: 4 });
  });

  it('syncs the connections whose offers are due, as the job does', async () => {
    const seller = await wockSeller();
    const productId = await newProduct(t.db);
    const sku = await wockProduct(4, 1000);
    const offer = await supplierOffer(seller, productId, supplierSource(seller, sku));
    await setWock(sku, { quantity: 0 });
    // Synced just now (at creation): not due yet.
    await t.container.supplierSync.syncDue();
    expect((await getOffer(seller, offer.id)).status).toBe('active');
    await t.db
      .collection<OfferDoc>('offers')
      .updateOne({ _id: new ObjectId(offer.id) }, { $set: { 'source.syncedAt': new Date(0) } });
    expect(await t.container.supplierSync.syncDue()).toBeGreaterThanOrEqual(1);
    expect((await getOffer(seller, offer.id)).status).toBe('paused');
  });

  it('takes a sold-out sku off the storefront at the next minute between syncs, prices untouched', async () => {
    const seller = await wockSeller();
    const [soldOut, shrinking] = [await newProduct(t.db), await newProduct(t.db)];
    const [skuA, skuB] = [await wockProduct(4, 1000), await wockProduct(4, 1000)];
    const a = await supplierOffer(seller, soldOut, supplierSource(seller, skuA));
    const b = await supplierOffer(seller, shrinking, supplierSource(seller, skuB));
    // Synced a few minutes ago: the 10-minute sync is not due, the minute's stock check is.
    const syncedAt = new Date(Date.now() - 3 * 60_000);
    await t.db
      .collection<OfferDoc>('offers')
      .updateMany(
        { _id: { $in: [new ObjectId(a.id), new ObjectId(b.id)] } },
        { $set: { 'source.syncedAt': syncedAt } },
      );
    await setWock(skuA, { quantity: 0 });
    await setWock(skuB, { quantity: 2, priceCents: 1200 });

    expect(await t.container.supplierSync.syncDue()).toBe(0);
    expect(await t.container.supplierSync.checkStockDue()).toBeGreaterThanOrEqual(2);
    expect(await getOffer(seller, a.id)).toMatchObject({
      status: 'paused',
      stock: 0,
      source: { pausedBySync: 'outOfStock' },
    });
    expect((await salesOf(soldOut)).sales).toEqual([]);
    const shrunk = await getOffer(seller, b.id);
    expect(shrunk).toMatchObject({ status: 'active', stock: 2, prices: b.prices });
    expect((await salesOf(shrinking)).offers.allOffers).toHaveLength(1);

    // Coming back, and the new price, are the sync's: the stock check leaves them.
    await setWock(skuA, { quantity: 3 });
    await t.container.supplierSync.checkStockDue();
    expect((await getOffer(seller, a.id)).status).toBe('paused');
    expect(await sync(seller)).toMatchObject({ resumed: 1, repriced: 1 });
    expect(await getOffer(seller, a.id)).toMatchObject({ status: 'active', stock: 3 });
  });
});

describe('a stocked offer', () => {
  const keysOf = (offerId: string) =>
    t.db
      .collection<KeyDoc>('keys')
      .find({ offerId: new ObjectId(offerId) })
      .toArray();

  it('restocks N keys into the vault, encrypted, with the supplier and its purchase id', async () => {
    const seller = await wockSeller();
    const productId = await newProduct(t.db);
    const sku = await wockProduct(20, 500);
    const offer = await supplierOffer(
      seller,
      productId,
      supplierSource(seller, sku, { mode: 'stocked', stockCap: undefined, costCeiling: 600 }),
    );
    expect(offer).toMatchObject({ stock: 0, source: { mode: 'stocked', stockCap: null } });

    const res = await restock(seller, offer.id, 3);
    expect(res.status).toBe(200);
    const batch = OfferRestockResultSchema.parse(await res.json());
    expect(batch).toMatchObject({
      clientRef: `stock:${offer.id}:1`,
      status: 'completed',
      stored: 3,
      duplicates: 0,
      stock: 3,
    });

    const bought = (await wockPurchases()).filter((p) => p.clientRef === batch.clientRef);
    expect(bought).toHaveLength(1);
    const codes = bought[0]!.codes.map((c) => (c.kind === 'text' ? c.code : ''));
    const keys = await keysOf(offer.id);
    expect(keys).toHaveLength(3);
    for (const key of keys) {
      expect(key).toMatchObject({
        status: 'available',
        source: 'supplier',
        supplier: 'wock',
        supplierPurchaseId: batch.purchaseId,
        supplierClientRef: batch.clientRef,
      });
      // The raw document holds no code in the clear, only its sealed form.
      for (const code of codes) expect(JSON.stringify(key)).not.toContain(code);
      expect(codes).toContain(t.vault.decrypt(key.secret));
    }
    const book = await t.db
      .collection<SupplierPurchaseDoc>('supplierPurchases')
      .findOne({ clientRef: batch.clientRef });
    expect(book).toMatchObject({
      kind: 'stock',
      status: 'stored',
      codeCount: 3,
      sellerId: seller.sellerId,
    });

    // On sale with the keys as stock, at the rule's price: 5.00 + 40 % + 0.50 = 7.50 EUR.
    expect(await getOffer(seller, offer.id)).toMatchObject({ stock: 3, prices: { eur: 750 } });
    expect((await salesOf(productId)).offers.allOffers[0]).toMatchObject({
      apiName: 'wock',
      inStock: true,
    });

    // A second restock is a new batch.
    const second = OfferRestockResultSchema.parse(
      await (await restock(seller, offer.id, 2)).json(),
    );
    expect(second).toMatchObject({ clientRef: `stock:${offer.id}:2`, stored: 2, stock: 5 });
  });

  it('finishes an unfinished batch instead of buying it again', async () => {
    const seller = await wockSeller();
    const sku = await wockProduct(20, 500);
    const offer = await supplierOffer(
      seller,
      await newProduct(t.db),
      supplierSource(seller, sku, { mode: 'stocked', costCeiling: 600 }),
    );
    const balance = async () => wock.stockroom.state.balanceCents;

    await setFaults({ preOrders: true });
    let first;
    try {
      first = OfferRestockResultSchema.parse(await (await restock(seller, offer.id, 2)).json());
    } finally {
      await clearFaults();
    }
    expect(first).toMatchObject({ status: 'pending', stored: 0, stock: 0 });
    const paid = await balance();

    // Asked again before the codes came: the same batch, nothing bought.
    const again = OfferRestockResultSchema.parse(await (await restock(seller, offer.id, 9)).json());
    expect(again).toMatchObject({ clientRef: first.clientRef, status: 'pending', stock: 0 });

    await fetch(`${wock.url}/sandbox/preorders/release`, { method: 'POST' });
    const done = OfferRestockResultSchema.parse(await (await restock(seller, offer.id, 9)).json());
    expect(done).toMatchObject({
      clientRef: first.clientRef,
      purchaseId: first.purchaseId,
      status: 'completed',
      stored: 2,
      stock: 2,
    });
    expect((await wockPurchases()).filter((p) => p.clientRef === first.clientRef)).toHaveLength(1);
    expect(await balance()).toBe(paid);

    // A crash after the codes were stored but before the batch was closed: the repeat stores
    // nothing twice and buys nothing.
    await t.db
      .collection<OfferDoc>('offers')
      .updateOne(
        { _id: new ObjectId(offer.id) },
        { $set: { 'source.openBatch': { n: 1, quantity: 2, openedAt: new Date() } } },
      );
    const repeat = OfferRestockResultSchema.parse(
      await (await restock(seller, offer.id, 5)).json(),
    );
    expect(repeat).toMatchObject({
      clientRef: first.clientRef,
      stored: 0,
      duplicates: 0,
      stock: 2,
    });
    expect(await keysOf(offer.id)).toHaveLength(2);
    expect(await balance()).toBe(paid);
  });

  it('tells the seller when the supplier refuses, and the next restock is a new batch', async () => {
    const seller = await wockSeller();
    const sku = await wockProduct(1, 500);
    const offer = await supplierOffer(
      seller,
      await newProduct(t.db),
      supplierSource(seller, sku, { mode: 'stocked', costCeiling: 600 }),
    );
    const refused = await expectFieldErrors(await restock(seller, offer.id, 5), 409, ['quantity']);
    expect(refused.message).toMatch(/does not have that many/);
    await setWock(sku, { quantity: 10 });
    const next = OfferRestockResultSchema.parse(await (await restock(seller, offer.id, 5)).json());
    expect(next).toMatchObject({ clientRef: `stock:${offer.id}:2`, stored: 5 });
  });
});

describe('editing a supplier-backed offer', () => {
  const put = (seller: TestAccount, offer: SellerOffer, body: object) =>
    t.call('PUT', `/api/seller/offers/${offer.id}`, {
      token: seller.token,
      body: { ...offer, ...body },
    });

  it('re-prices at once on a new rule, keeps its batches, and turns to the seller’s keys and back', async () => {
    const seller = await wockSeller();
    const productId = await newProduct(t.db);
    const sku = await wockProduct(20, 500);
    const stocked = supplierSource(seller, sku, { mode: 'stocked', costCeiling: 600 });
    const offer = await supplierOffer(seller, productId, stocked);
    expect((await restock(seller, offer.id, 2)).status).toBe(200);

    // 5.00 + 60 % + 0.50 = 8.50 EUR, rounded up to 8.99.
    const pricing = { marginPercent: 60, marginFixedCents: 50, rounding: 'to99' };
    const res = await put(seller, offer, { source: { ...stocked, pricing } });
    expect(res.status).toBe(200);
    expect(SellerOfferSchema.parse(await res.json())).toMatchObject({
      prices: { eur: 899 },
      stock: 2,
      source: { pricing },
    });
    expect((await productDoc(t.db, productId))?.eurMin).toBe(899);
    // The restock batches went on counting through the edit.
    const next = OfferRestockResultSchema.parse(await (await restock(seller, offer.id, 1)).json());
    expect(next.clientRef).toBe(`stock:${offer.id}:2`);

    // Back to the seller's own keys: their prices, the bought keys as stock, `marketplace`.
    const mine = await put(seller, offer, { source: { kind: 'upload' }, prices: { eur: 999 } });
    expect(SellerOfferSchema.parse(await mine.json())).toMatchObject({
      source: { kind: 'upload' },
      prices: { eur: 999 },
      stock: 3,
    });
    expect((await salesOf(productId)).offers.allOffers[0]?.apiName).toBe('marketplace');

    // And to the supplier on demand: its stock up to the cap, plus the keys it holds.
    const onDemand = await put(seller, await getOffer(seller, offer.id), {
      source: supplierSource(seller, sku, { stockCap: 4 }),
    });
    expect(SellerOfferSchema.parse(await onDemand.json())).toMatchObject({
      source: { kind: 'supplier', mode: 'onDemand' },
      stock: 7,
    });
  });
});

describe('bad requests', () => {
  it('answers each bad field of a supplier source by its path', async () => {
    const seller = await wockSeller();
    const productId = await newProduct(t.db);
    const sku = await wockProduct(5, 1000);
    const base = supplierSource(seller, sku);
    const cases: [object, string][] = [
      [{ ...base, connectionId: '' }, 'source.connectionId'],
      [{ ...base, stockCap: undefined }, 'source.stockCap'],
      [{ ...base, mode: 'sometimes' }, 'source.mode'],
      [{ ...base, costCeiling: 0 }, 'source.costCeiling'],
      [{ ...base, pricing: { ...RULE, rounding: 'to95' } }, 'source.pricing.rounding'],
      [{ ...base, pricing: { ...RULE, marginPercent: -5 } }, 'source.pricing.marginPercent'],
      [{ ...base, pricing: { ...RULE, marginFixedCents: 1.5 } }, 'source.pricing.marginFixedCents'],
      // What only the supplier knows: no such sku, or a price above the ceiling.
      [{ ...base, sku: 'WOC-NOPE' }, 'source.sku'],
      [{ ...base, costCeiling: 999 }, 'source.costCeiling'],
    ];
    for (const [source, field] of cases) {
      await expectFieldErrors(await createOffer(seller, { productId, source }), 400, [field]);
    }
    // Uploaded keys still need prices.
    await expectFieldErrors(await createOffer(seller, { productId }), 400, ['prices.eur']);
    expect(
      await t.db.collection('offers').countDocuments({ productId: new ObjectId(productId) }),
    ).toBe(0);

    const offer = await supplierOffer(seller, productId, base);
    await expectFieldErrors(await restock(seller, offer.id, 0), 400, ['quantity']);
    // An on-demand offer is not restocked, nor given uploaded keys.
    expect((await restock(seller, offer.id, 1)).status).toBe(409);
    const upload = await t.call('POST', `/api/seller/offers/${offer.id}/keys`, {
      token: seller.token,
      body: { codes: freshCodes(1) },
    });
    expect(upload.status).toBe(409);
  });

  it('refuses another seller’s connection, and another seller’s offer', async () => {
    const owner = await wockSeller();
    const intruder = await wockSeller();
    const sku = await wockProduct(5, 1000);
    const res = await createOffer(intruder, {
      productId: await newProduct(t.db),
      source: supplierSource(owner, sku),
    });
    await expectFieldErrors(res, 400, ['source.connectionId']);

    const offer = await supplierOffer(
      owner,
      await newProduct(t.db),
      supplierSource(owner, sku, { mode: 'stocked' }),
    );
    expect((await restock(intruder, offer.id, 1)).status).toBe(404);
  });
});
