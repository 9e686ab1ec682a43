import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminSupplierSchema,
  AdminSupplierPurchaseSchema,
  CheckoutStartedSchema,
  RevealedOrderKeySchema,
  SellerOfferSchema,
  SellerSupplierConnectionSchema,
  type Order,
} from '@market/shared';
import { resumeSupplierFulfilment } from '../src/jobs/resume-supplier-fulfilment.ts';
import type { KeyDoc } from '../src/modules/keys/keys.repository.ts';
import type { OfferDoc } from '../src/modules/offers/offers.repository.ts';
import type { OrderDoc } from '../src/modules/orders/order-doc.ts';
import type { OutboxDoc } from '../src/modules/outbox/outbox.repository.ts';
import type { SupplierPurchaseDoc } from '../src/modules/supplier-purchases/supplier-purchases.repository.ts';
import type { SandboxPurchase } from '../src/sandboxes/suppliers/stockroom.ts';
import {
  CODESWHOLESALE_SANDBOX_CREDENTIALS,
  startCodeswholesaleSandbox,
  type CodeswholesaleSandbox,
} from '../src/sandboxes/suppliers/codeswholesale/index.ts';
import { CODESWHOLESALE_POSTBACK_PATH } from '../src/modules/supplier-fulfilment/postbacks.routes.ts';
import {
  startWockSandbox,
  WOCK_SANDBOX_CREDENTIALS,
  type WockSandbox,
} from '../src/sandboxes/suppliers/wock/index.ts';
import { buyerWith, checkout, orderOf, paidWithPaypal } from './checkout-fixtures.ts';
import { newProduct } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { clickButton } from './payments-helpers.ts';

/**
 * On-demand offers bought by a buyer through the real checkout (PayPal sandbox) and fulfilled
 * from the Wock sandbox through the seller's own connection: the key is bought only after the
 * capture, one supplier purchase per unit, and a refusal refunds the line.
 */

let t: TestServer;
let wock: WockSandbox;
let cws: CodeswholesaleSandbox;
let sandboxDir: string;
let admin: TestAccount;
let skus: string[];
let nextSku = 0;

beforeAll(async () => {
  sandboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wock-fulfil-'));
  wock = await startWockSandbox({ port: 0, dir: sandboxDir, productCount: 30 });
  cws = await startCodeswholesaleSandbox({ port: 0, dir: sandboxDir, productCount: 10 });
  t = await startTestServer({
    env: {
      SUPPLIER_WOCK_URL: wock.url,
      SUPPLIER_CODESWHOLESALE_URL: cws.url,
      TRUST_PROXY: 'true',
    },
  });
  cws.setPostbackUrl(`${t.url}${CODESWHOLESALE_POSTBACK_PATH}`);
  admin = await t.account('admin');
  skus = wock.stockroom.visibleProducts().map((p) => p.sku);
});
afterAll(async () => {
  await t.close();
  await wock.close();
  await cws.close();
  fs.rmSync(sandboxDir, { recursive: true, force: true });
});

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const setFaults = (faults: object) => post(`${wock.url}/sandbox/faults`, faults);
const sandboxPurchases = async (clientRef: string) =>
  ((await (await fetch(`${wock.url}/sandbox/purchases`)).json()) as SandboxPurchase[]).filter(
    (p) => p.clientRef === clientRef,
  );
const book = (orderId: string) =>
  t.db
    .collection<SupplierPurchaseDoc>('supplierPurchases')
    .find({ orderId: new ObjectId(orderId) })
    .toArray();
const offerDoc = async (id: string) =>
  (await t.db.collection<OfferDoc>('offers').findOne({ _id: new ObjectId(id) }))!;
const mailsTo = (email: string) =>
  t.db.collection<OutboxDoc>('outbox').find({ to: email }).toArray();

type Seller = TestAccount & { connectionId: string };

/** A seller connected to Wock, selling one sandbox product on demand (10.00 EUR, ceiling 15.00). */
async function onDemandOffer(over: { preOrder?: boolean } = {}) {
  const seller = await t.account('seller');
  const res = await t.call('POST', '/api/seller/supplier-connections', {
    token: seller.token,
    body: { supplier: 'wock', label: 'Wock', credentials: WOCK_SANDBOX_CREDENTIALS },
  });
  expect(res.status).toBe(201);
  const connected: Seller = {
    ...seller,
    connectionId: SellerSupplierConnectionSchema.parse(await res.json()).id,
  };
  const sku = skus[nextSku++]!;
  const product = await post(`${wock.url}/sandbox/products/${sku}`, {
    quantity: 9,
    priceCents: 1000,
    preOrder: over.preOrder ?? false,
    hidden: false,
  });
  expect(product.status).toBe(200);
  const productId = await newProduct(t.db, { name: `Wock On Demand ${sku}` });
  const created = await t.call('POST', '/api/seller/offers', {
    token: seller.token,
    body: {
      productId,
      source: {
        kind: 'supplier',
        connectionId: connected.connectionId,
        sku,
        mode: 'onDemand',
        stockCap: 3,
        costCeiling: 1500,
        pricing: { marginPercent: 40, marginFixedCents: 50, rounding: 'none' },
      },
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const offer = SellerOfferSchema.parse(await created.json());
  return { seller: connected, productId, offer };
}

/** The buyer pays with PayPal and comes back: answers the order id. */
async function buyOne(seller: TestAccount, productId: string) {
  const buyer = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
  const orderId = await paidWithPaypal(t, buyer);
  return { buyer, orderId };
}

/** Polls the buyer's order until `done` holds (the purchase runs after the answer); 15 s at most. */
async function until(buyer: TestAccount, orderId: string, done: (o: Order) => boolean) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const order = await orderOf(t, buyer, orderId);
    if (done(order) || Date.now() > deadline) return order;
    await new Promise((r) => setTimeout(r, 100));
  }
}
const delivered = (o: Order) => o.items.every((i) => i.deliveredCount === i.quantity);

/**
 * Runs the supplier-fulfilment job's run (as main.ts ticks it) until the order is delivered; a
 * run that finds this process still buying the order skips it, as the job does. 10 s at most.
 */
async function recover(buyer: TestAccount, orderId: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await resumeSupplierFulfilment({ container: t.container, afterSeconds: 0 });
    const order = await orderOf(t, buyer, orderId);
    if (delivered(order) || Date.now() > deadline) return order;
    await new Promise((r) => setTimeout(r, 200));
  }
}
const refunded = (o: Order) => o.refundedCents > 0;

/** Waits until the sandbox has answered every 503 it was told to (10 s at most). */
async function faultsSpent() {
  const deadline = Date.now() + 10_000;
  const left = async () =>
    ((await (await fetch(`${wock.url}/sandbox/faults`)).json()) as { failNext5xx: number })
      .failNext5xx;
  while ((await left()) > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('an on-demand offer bought by a buyer', () => {
  it('is bought from the supplier after the capture and revealed as the code the supplier sold', async () => {
    const { seller, productId, offer } = await onDemandOffer();
    // Declared stock: the supplier's 9, capped at 3.
    expect(offer.stock).toBe(3);
    const { buyer, orderId } = await buyOne(seller, productId);
    const order = await until(buyer, orderId, delivered);
    expect(order.status).toBe('approved');
    expect(order.items[0]!.deliveredCount).toBe(1);

    const clientRef = `${orderId}:0:0`;
    const sold = await sandboxPurchases(clientRef);
    expect(sold).toHaveLength(1);
    const keyId = order.items[0]!.keys[0]!.id;
    const reveal = await t.call('POST', `/api/user/orders/${orderId}/keys/${keyId}/reveal`, {
      token: buyer.token,
      body: { waiveWithdrawal: true },
    });
    expect(reveal.status).toBe(200);
    const revealed = RevealedOrderKeySchema.parse(await reveal.json());
    if (revealed.kind !== 'text') throw new Error('the sandbox sold a text code');
    const { code } = revealed;
    expect(sold[0]!.codes).toContainEqual(expect.objectContaining({ kind: 'text', code }));

    // The admin's book lists the purchase, stored, one code, and never the code itself.
    const res = await t.call(
      'GET',
      `/api/admin/supplier-purchases?filter=${encodeURIComponent(JSON.stringify({ orderId }))}`,
      {
        token: admin.token,
      },
    );
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(code);
    const rows = AdminSupplierPurchaseSchema.array().parse(JSON.parse(text));
    expect(rows).toEqual([
      expect.objectContaining({ clientRef, status: 'stored', codeCount: 1, kind: 'onDemand' }),
    ]);
    // The declared stock went down by the unit sold (until the next sync rewrites it).
    expect((await offerDoc(offer.id)).stock).toBe(2);
    // Delivered when the key was there, not when the approval started buying it.
    const stored = await t.db.collection<KeyDoc>('keys').findOne({ _id: new ObjectId(keyId) });
    const { deliveredAt } = (await t.db
      .collection<OrderDoc>('orders')
      .findOne({ _id: new ObjectId(orderId) }))!;
    expect(deliveredAt!.getTime()).toBeGreaterThanOrEqual(stored!.createdAt.getTime());
  });

  it('delivers a scanned card (image code) as the picture the supplier sold', async () => {
    const { seller, productId } = await onDemandOffer();
    await setFaults({ imageCodes: true });
    const { buyer, orderId } = await buyOne(seller, productId);
    const order = await until(buyer, orderId, delivered);
    await fetch(`${wock.url}/sandbox/faults`, { method: 'DELETE' });
    expect(order.items[0]!.deliveredCount).toBe(1);
    const sold = await sandboxPurchases(`${orderId}:0:0`);
    expect(sold).toHaveLength(1);
    const reveal = await t.call(
      'POST',
      `/api/user/orders/${orderId}/keys/${order.items[0]!.keys[0]!.id}/reveal`,
      { token: buyer.token, body: { waiveWithdrawal: true } },
    );
    const revealed = RevealedOrderKeySchema.parse(await reveal.json());
    if (revealed.kind !== 'image') throw new Error('expected the image code');
    const scan = sold[0]!.codes[0]!;
    if (scan.kind !== 'image') throw new Error('the sandbox sold an image');
    expect(Buffer.from(revealed.image.base64, 'base64')).toEqual(
      Buffer.from(scan.imageBase64, 'base64'),
    );
    expect(revealed.image.mimeType).toBe(scan.mimeType);
  });

  it('refunds the line, tells buyer and seller, and pauses the offer when the stock is gone at purchase', async () => {
    const { seller, productId, offer } = await onDemandOffer();
    await setFaults({ outOfStockAtPurchase: true });
    const { buyer, orderId } = await buyOne(seller, productId);
    const order = await until(buyer, orderId, refunded);
    expect(order.status).toBe('approved');
    expect(order.refundedCents).toBe(order.totals.total);
    expect(order.items[0]!.deliveredCount).toBe(0);
    expect(await book(orderId)).toEqual([
      expect.objectContaining({
        clientRef: `${orderId}:0:0`,
        status: 'failed',
        error: expect.objectContaining({ code: 'OUT_OF_STOCK' }),
      }),
    ]);
    expect(await sandboxPurchases(`${orderId}:0:0`)).toEqual([]);
    const paused = await offerDoc(offer.id);
    expect(paused.status).toBe('paused');
    expect(paused.source).toMatchObject({ pausedBySync: 'outOfStock' });
    // The mails follow the refund.
    const told = async () =>
      (await mailsTo(seller.email)).some((m) => m.subject.includes('offer paused'));
    for (let i = 0; i < 50 && !(await told()); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await mailsTo(buyer.email)).map((m) => m.subject)).toContainEqual(
      expect.stringContaining('refunded'),
    );
    expect((await mailsTo(seller.email)).map((m) => m.subject)).toContainEqual(
      expect.stringContaining('offer paused'),
    );
    // Nothing was delivered: no "your keys are ready" mail.
    expect((await mailsTo(buyer.email)).filter((m) => m.kind === 'order-delivered')).toEqual([]);
    // The admin's suppliers list counts the failure in Wock's error rate.
    const res = await t.call('GET', '/api/admin/suppliers/wock', { token: admin.token });
    const health = AdminSupplierSchema.parse(await res.json());
    expect(health.purchases24h).toBeGreaterThanOrEqual(1);
    expect(health.errorRate).toBeGreaterThan(0);
  });

  it('holds declared stock while the buyer pays, gives it back when they cancel, and buys nothing', async () => {
    const { seller, productId, offer } = await onDemandOffer();
    const buyer = await buyerWith(t, seller, [{ productId, quantity: 2 }]);
    const res = await checkout(t, buyer, 'paypal');
    expect(res.status, await res.clone().text()).toBe(201);
    const { orderId, approvalUrl } = CheckoutStartedSchema.parse(await res.json());
    expect((await offerDoc(offer.id)).stock).toBe(1);
    await clickButton(approvalUrl, 'Cancel and return to the shop');
    const back = await t.call('POST', `/api/user/checkout/${orderId}/complete`, {
      token: buyer.token,
      body: { cancelled: true },
    });
    expect(back.status).toBe(200);
    expect((await orderOf(t, buyer, orderId)).status).toBe('cancelled');
    expect((await offerDoc(offer.id)).stock).toBe(3);
    expect(await book(orderId)).toEqual([]);
    // More than the declared stock is refused as out of stock, as for uploaded keys.
    const greedy = await buyerWith(t, seller, [{ productId, quantity: 3 }]);
    expect((await checkout(t, greedy, 'paypal')).status).toBe(201);
    const late = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
    expect((await checkout(t, late, 'paypal')).status).toBe(409);
  });

  it('refunds the line when the supplier’s price rose above the offer’s cost ceiling', async () => {
    const { seller, productId, offer } = await onDemandOffer();
    await setFaults({ priceRisePercentAtPurchase: 80 });
    const { buyer, orderId } = await buyOne(seller, productId);
    const order = await until(buyer, orderId, refunded);
    expect(order.refundedCents).toBe(order.totals.total);
    expect((await book(orderId))[0]).toMatchObject({
      status: 'failed',
      error: expect.objectContaining({ code: 'PRICE_CHANGED' }),
    });
    expect((await offerDoc(offer.id)).source).toMatchObject({ pausedBySync: 'overCeiling' });
  });

  it('waits while the supplier does not answer, then the recovery run buys the unit once', async () => {
    const { seller, productId } = await onDemandOffer();
    // One call's worth of failures (every attempt), fewer than open the connection's breaker.
    await setFaults({ failNext5xx: 3 });
    const { buyer, orderId } = await buyOne(seller, productId);
    // The background purchase meets the faults, gives up for now and leaves its intent.
    await faultsSpent();
    await fetch(`${wock.url}/sandbox/faults`, { method: 'DELETE' });
    await new Promise((r) => setTimeout(r, 500));
    expect((await book(orderId))[0]).toMatchObject({ status: 'requested', error: null });
    const waiting = await orderOf(t, buyer, orderId);
    expect(waiting.status).toBe('approved');
    expect(waiting.refundedCents).toBe(0);
    expect(waiting.items[0]!.deliveredCount).toBe(0);

    expect((await recover(buyer, orderId)).items[0]!.deliveredCount).toBe(1);
    expect(await sandboxPurchases(`${orderId}:0:0`)).toHaveLength(1);
    expect((await book(orderId))[0]).toMatchObject({ status: 'stored', codeCount: 1 });
  });

  it('is bought once when two recovery passes race on it at a supplier that does not deduplicate', async () => {
    const { seller, productId } = await onDemandOffer();
    await setFaults({ failNext5xx: 3 });
    const { buyer, orderId } = await buyOne(seller, productId);
    await faultsSpent();
    await fetch(`${wock.url}/sandbox/faults`, { method: 'DELETE' });
    await new Promise((r) => setTimeout(r, 500));
    expect((await book(orderId))[0]).toMatchObject({ status: 'requested' });
    // Every purchase call now buys (no idempotency at the supplier), slowly enough that both
    // passes are inside the supplier at once if nothing claims the unit first.
    await setFaults({ noDedup: true, latencyMs: 300 });
    try {
      const order = (await t.db
        .collection<OrderDoc>('orders')
        .findOne({ _id: new ObjectId(orderId) }))!;
      // Two instances' recovery passes: each has its own process, so the unit path runs twice.
      const units = t.container.supplierFulfilment;
      const passes = await Promise.all([units.settle(order), units.settle(order)]);
      expect(passes).toContain(true);
      expect(await sandboxPurchases(`${orderId}:0:0`)).toHaveLength(1);
      // The unit bought, its order is delivered by the next delivery (the orders' expiry job).
      await t.container.orderService.deliverAgain([order._id], new Date());
      expect((await orderOf(t, buyer, orderId)).items[0]!.deliveredCount).toBe(1);
      expect((await book(orderId))[0]).toMatchObject({ status: 'stored', codeCount: 1 });
    } finally {
      await fetch(`${wock.url}/sandbox/faults`, { method: 'DELETE' });
    }
  });

  it('refunds the line once the supplier has been silent past the patience, buying nothing', async () => {
    const { seller, productId, offer } = await onDemandOffer();
    await setFaults({ failNext5xx: 3 });
    const { buyer, orderId } = await buyOne(seller, productId);
    await faultsSpent();
    await new Promise((r) => setTimeout(r, 500));
    expect((await book(orderId))[0]).toMatchObject({ status: 'requested' });
    // Recorded a day ago (the patience is 30 minutes), and the supplier still does not answer.
    await t.db
      .collection<SupplierPurchaseDoc>('supplierPurchases')
      .updateMany({ orderId: new ObjectId(orderId) }, { $set: { createdAt: new Date(0) } });
    await setFaults({ failNext5xx: 3 });
    await resumeSupplierFulfilment({ container: t.container, afterSeconds: 0 });
    await fetch(`${wock.url}/sandbox/faults`, { method: 'DELETE' });

    const order = await until(buyer, orderId, refunded);
    expect(order.refundedCents).toBe(order.totals.total);
    expect(order.items[0]!.deliveredCount).toBe(0);
    expect((await book(orderId))[0]).toMatchObject({
      status: 'failed',
      error: expect.objectContaining({ code: 'UNAVAILABLE' }),
    });
    expect(await sandboxPurchases(`${orderId}:0:0`)).toEqual([]);
    expect((await offerDoc(offer.id)).source).toMatchObject({ pausedBySync: 'supplierDown' });
  });

  it('waits for a pre-order’s code, then the recovery run delivers it once released', async () => {
    const { seller, productId } = await onDemandOffer({ preOrder: true });
    const { buyer, orderId } = await buyOne(seller, productId);
    const clientRef = `${orderId}:0:0`;
    // Bought at once, its code still to come: approved, not delivered.
    const deadline = Date.now() + 10_000;
    while ((await book(orderId))[0]?.status !== 'pending' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await book(orderId))[0]).toMatchObject({ clientRef, status: 'pending' });
    const waiting = await orderOf(t, buyer, orderId);
    expect(waiting.status).toBe('approved');
    expect(waiting.items[0]!.deliveredCount).toBe(0);

    expect((await post(`${wock.url}/sandbox/preorders/release`, {})).status).toBe(200);
    const order = await recover(buyer, orderId);
    expect(order.items[0]!.deliveredCount).toBe(1);
    expect((await book(orderId))[0]).toMatchObject({ status: 'stored', codeCount: 1 });
    expect(await sandboxPurchases(clientRef)).toHaveLength(1);
  });
});

describe('a CodesWholesale pre-order', () => {
  it('is delivered when the supplier’s PREORDER postback says its code arrived', async () => {
    const seller = await t.account('seller');
    const res = await t.call('POST', '/api/seller/supplier-connections', {
      token: seller.token,
      body: {
        supplier: 'codeswholesale',
        label: 'CWS',
        credentials: CODESWHOLESALE_SANDBOX_CREDENTIALS,
      },
    });
    expect(res.status).toBe(201);
    const connectionId = SellerSupplierConnectionSchema.parse(await res.json()).id;
    const sku = cws.stockroom.visibleProducts()[0]!.sku;
    const product = await post(`${cws.url}/sandbox/products/${sku}`, {
      quantity: 5,
      priceCents: 1000,
      preOrder: true,
      hidden: false,
    });
    expect(product.status).toBe(200);
    const productId = await newProduct(t.db, { name: `CWS Pre-order ${sku}` });
    const created = await t.call('POST', '/api/seller/offers', {
      token: seller.token,
      body: {
        productId,
        source: {
          kind: 'supplier',
          connectionId,
          sku,
          mode: 'onDemand',
          stockCap: 3,
          costCeiling: 1500,
          pricing: { marginPercent: 40, marginFixedCents: 50, rounding: 'none' },
        },
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);

    const { buyer, orderId } = await buyOne(seller, productId);
    const deadline = Date.now() + 10_000;
    while ((await book(orderId))[0]?.status !== 'pending' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await book(orderId))[0]).toMatchObject({ status: 'pending' });

    // A postback no connection signed is refused.
    const forged = await t.call('POST', CODESWHOLESALE_POSTBACK_PATH, {
      body: { type: 'PREORDER', authHash: 'f'.repeat(64), orderId: 'x' },
    });
    expect(forged.status).toBe(400);

    expect((await post(`${cws.url}/sandbox/preorders/release`, {})).status).toBe(200);
    const order = await until(buyer, orderId, delivered);
    expect(order.items[0]!.deliveredCount).toBe(1);
    expect((await book(orderId))[0]).toMatchObject({ status: 'stored', codeCount: 1 });
  });
});
