import { ObjectId, type Filter } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminOrderSchema,
  ApiErrorSchema,
  AttributionSchema,
  OrderSchema,
  RevealedOrderKeySchema,
  SellerBalanceSchema,
  SellerSaleSchema,
  type Order,
  type OrderStatus,
} from '@market/shared';
import { FRAUD_DEFAULTS } from '../src/modules/fraud/fraud-rules.ts';
import type { KeyDoc } from '../src/modules/keys/keys.repository.ts';
import type { LedgerEntryDoc } from '../src/modules/ledger/ledger.repository.ts';
import type { OfferDoc } from '../src/modules/offers/offers.repository.ts';
import type { OrderDoc } from '../src/modules/orders/order-doc.ts';
import type { OrderService, PaymentFacts } from '../src/modules/orders/orders.service.ts';
import type { ProductFixture } from './fixtures.ts';
import { freshCodes, newProduct, sell, uploadKeys } from './fixtures.ts';
import { serviceContainer, placeDirectly, recordCapture } from './checkout-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { raClient } from './ra-client.ts';

let t: TestServer;
let seller: TestAccount;
let otherSeller: TestAccount;
let buyer: TestAccount;
let stranger: TestAccount;
let admin: TestAccount;
let service: OrderService;

beforeAll(async () => {
  t = await startTestServer();
  [seller, otherSeller, buyer, stranger, admin] = await Promise.all([
    t.account('seller'),
    t.account('seller'),
    t.account('user'),
    t.account('user'),
    t.account('admin'),
  ]);
  // The same wiring as the app's, on the test server's database: placing orders and the expiry
  // job have no HTTP route of their own (the checkout and main.ts call them).
  service = serviceContainer(t, {
    // One buyer places dozens of orders here: velocity screening has its own unit tests.
    fraud: { ...FRAUD_DEFAULTS, velocitySoftLimit: 1000, velocityHardLimit: 1000 },
  }).orderService;
  await t.db.collection('blocklist').insertOne({
    kind: 'instrument',
    value: 'card-stolen',
    reason: 'chargeback',
    createdAt: new Date(),
  });
});
afterAll(() => t.close());

const keysOf = (filter: Filter<KeyDoc>) => t.db.collection<KeyDoc>('keys').find(filter).toArray();
const stockOf = async (offerId: string) =>
  (await t.db.collection<OfferDoc>('offers').findOne({ _id: new ObjectId(offerId) }))!.stock;
const orderDoc = async (id: string) =>
  (await t.db.collection<OrderDoc>('orders').findOne({ _id: new ObjectId(id) }))!;

/** An offer of `seller` with `count` fresh keys; returns its ids and the codes. */
async function stocked(count: number, price = 1999, product: ProductFixture = {}) {
  const productId = await newProduct(t.db, product);
  const offer = await sell(t, seller, productId, { eur: price });
  const codes = freshCodes(count);
  if (count) await uploadKeys(t, seller, offer.id, codes);
  return { productId, offerId: offer.id, codes };
}

const place = (who: TestAccount, lines: { offerId: string; quantity: number }[], extra = {}) =>
  placeDirectly(service, who, lines, '203.0.113.5', extra);

const pay = (order: Order, facts: Partial<PaymentFacts> = {}) =>
  recordCapture(service, order, facts);

/** A placed and paid order in `status`, the way it gets there for real. */
async function orderIn(status: OrderStatus): Promise<Order> {
  const { offerId } = await stocked(
    1,
    status === 'review' ? 200_000 : 1999,
    status === 'declined_business' ? { region: 'ROW' } : {},
  );
  const order = await place(buyer, [{ offerId, quantity: 1 }]);
  if (status === 'pending') return order;
  if (status === 'cancelled') {
    await service.expireReservations(new Date(Date.now() + 60 * 60_000));
  } else if (status === 'declined') {
    await pay(order, { status: 'failed' });
  } else if (status === 'declined_fraud') {
    await pay(order, { instrument: 'card-stolen' });
  } else {
    await pay(order, status === 'declined_business' ? { country: 'IT' } : {});
  }
  const doc = await orderDoc(order.id);
  expect(doc.status).toBe(status);
  return order;
}

const adminCall = (id: string, action: string, body: unknown = {}) =>
  t.call('POST', `/api/admin/orders/${id}/${action}`, { token: admin.token, body });

describe('placing an order', () => {
  it('reserves one key per unit for the order and takes them out of stock', async () => {
    const { offerId } = await stocked(5, 1220);
    const order = await place(buyer, [{ offerId, quantity: 2 }]);
    expect(order).toMatchObject({
      status: 'pending',
      currency: 'eur',
      // Prices hold the VAT: 22 % of 2440 gross is 440.
      totals: { subtotal: 2440, discount: 0, vat: 440, total: 2440 },
    });
    expect(order.number).toMatch(/^\d{6}$/);
    expect(Date.parse(order.reservationExpiresAt!)).toBeGreaterThan(Date.now() + 14 * 60_000);
    const reserved = await keysOf({ orderId: new ObjectId(order.id) });
    expect(reserved.map((k) => k.status)).toEqual(['reserved', 'reserved']);
    expect(await stockOf(offerId)).toBe(3);
  });

  it('answers 409 naming the line when there are not enough keys, and reserves none', async () => {
    const { offerId } = await stocked(3);
    const err = await place(buyer, [{ offerId, quantity: 4 }]).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'CONFLICT', errors: { 'lines.0.quantity': 'Only 3 left' } });
    expect(await keysOf({ offerId: new ObjectId(offerId), status: 'reserved' })).toHaveLength(0);
    expect(await stockOf(offerId)).toBe(3);
  });

  it('gives back what it took when a later line runs short, and cancels the order', async () => {
    const first = await stocked(2);
    const second = await stocked(1);
    // Stock says 5 (as a stale count could): only the reservation itself finds out.
    await t.db
      .collection<OfferDoc>('offers')
      .updateOne({ _id: new ObjectId(second.offerId) }, { $set: { stock: 5 } });
    const err = await place(buyer, [
      { offerId: first.offerId, quantity: 2 },
      { offerId: second.offerId, quantity: 3 },
    ]).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'CONFLICT', errors: { 'lines.1.quantity': 'Only 1 left' } });
    expect(await keysOf({ status: 'reserved', offerId: new ObjectId(first.offerId) })).toEqual([]);
    expect(await stockOf(first.offerId)).toBe(2);
    const cancelled = await t.db
      .collection<OrderDoc>('orders')
      .findOne({ 'items.offerId': new ObjectId(first.offerId) });
    expect(cancelled!.status).toBe('cancelled');
    expect(cancelled!.decisions).toMatchObject([
      { status: 'cancelled', actor: 'System', reason: 'Cancelled by automatic execution' },
    ]);
  });

  it('lets exactly as many orders as there are keys win a race, none sharing a key', async () => {
    const { offerId } = await stocked(5);
    const buyers = await Promise.all(Array.from({ length: 4 }, () => t.account('user')));
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => place(buyers[i % 4]!, [{ offerId, quantity: 1 }])),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(5);
    for (const lost of results.filter((r) => r.status === 'rejected')) {
      expect((lost as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT' });
    }
    const keys = await keysOf({ offerId: new ObjectId(offerId) });
    expect(keys.map((k) => k.status)).toEqual(Array(5).fill('reserved'));
    const holders = keys.map((k) => k.orderId!.toHexString());
    expect(new Set(holders).size).toBe(5);
    expect(new Set(holders)).toEqual(
      new Set(won.map((r) => (r as PromiseFulfilledResult<Order>).value.id)),
    );
    expect(await stockOf(offerId)).toBe(0);
  });

  it('takes the price from the offer in the order’s currency and refuses a hidden offer', async () => {
    const { offerId } = await stocked(1, 1000);
    const order = await service.placeOrder({
      user: { uid: buyer.uid, email: buyer.email },
      order: { lines: [{ offerId, quantity: 1 }], currency: 'usd' },
      attribution: AttributionSchema.parse({ awc: 'abc' }),
      ip: null,
    });
    expect(order.items[0]!.unitPriceCents).toBe(1080);
    await t.db
      .collection<OfferDoc>('offers')
      .updateOne({ _id: new ObjectId(offerId) }, { $set: { status: 'hidden' } });
    await expect(place(buyer, [{ offerId, quantity: 1 }])).rejects.toMatchObject({
      errors: { 'lines.0.offerId': 'No longer on sale' },
    });
  });
});

describe('reservation expiry', () => {
  it('cancels unpaid orders past their deadline, with the System reason, and returns the keys', async () => {
    const { offerId } = await stocked(2);
    const order = await place(buyer, [{ offerId, quantity: 2 }]);
    expect(await stockOf(offerId)).toBe(0);
    const later = new Date(Date.now() + 16 * 60_000);
    const [a, b] = await Promise.all([
      service.expireReservations(later),
      service.expireReservations(later),
    ]);
    expect(a.cancelled + b.cancelled).toBeGreaterThanOrEqual(1);
    const doc = await orderDoc(order.id);
    expect(doc.status).toBe('cancelled');
    expect(doc.decisions).toMatchObject([
      { status: 'cancelled', actor: 'System', reason: 'Cancelled by automatic execution' },
    ]);
    expect(await keysOf({ offerId: new ObjectId(offerId), status: 'available' })).toHaveLength(2);
    expect(await stockOf(offerId)).toBe(2);
    // Twice-run safe: nothing moves again.
    await service.expireReservations(later);
    expect(await stockOf(offerId)).toBe(2);
  });

  it('leaves an order alone before its deadline', async () => {
    const { offerId } = await stocked(1);
    const order = await place(buyer, [{ offerId, quantity: 1 }]);
    await service.expireReservations(new Date());
    expect((await orderDoc(order.id)).status).toBe('pending');
  });

  it('releases keys a crash left reserved for an order that is no longer pending', async () => {
    const { offerId } = await stocked(1);
    const order = await place(buyer, [{ offerId, quantity: 1 }]);
    // As if the process died after the decline's status change, before its keys went back.
    await t.db
      .collection<OrderDoc>('orders')
      .updateOne({ _id: new ObjectId(order.id) }, { $set: { status: 'declined' } });
    await service.expireReservations(new Date(Date.now() + 60 * 60_000));
    expect(await keysOf({ offerId: new ObjectId(offerId), status: 'available' })).toHaveLength(1);
    expect(await stockOf(offerId)).toBe(1);
  });
});

describe('payment and approval', () => {
  it('approves a clean payment once, sells the keys, credits the seller once and mails the buyer', async () => {
    const { offerId } = await stocked(2, 1500);
    const order = await place(buyer, [{ offerId, quantity: 2 }]);
    // The browser's return and the webhook race.
    const [first, second] = await Promise.all([pay(order), pay(order)]);
    expect([first.order.status, second.order.status]).toEqual(['approved', 'approved']);
    const doc = await orderDoc(order.id);
    expect(doc.decisions).toEqual([
      expect.objectContaining({
        status: 'approved',
        actor: 'System',
        reason: 'Approved with correct payment execution',
      }),
    ]);
    expect(doc.items[0]!.deliveredCount).toBe(2);
    const keys = await keysOf({ orderId: new ObjectId(order.id) });
    expect(keys.map((k) => k.status)).toEqual(['sold', 'sold']);
    expect(keys.every((k) => k.soldAt instanceof Date)).toBe(true);

    await pay(order);
    await service.expireReservations(new Date(Date.now() + 60 * 60_000));
    const ledger = await t.db
      .collection<LedgerEntryDoc>('sellerLedger')
      .find({ orderId: new ObjectId(order.id) })
      .toArray();
    expect(ledger).toMatchObject([
      // The net of the default commission: 3000 less 5 % (150) and 30 cents for the line.
      {
        sellerId: seller.sellerId,
        type: 'sale',
        amountCents: 2820,
        grossCents: 3000,
        commissionCents: 180,
        currency: 'eur',
      },
    ]);
    const mails = await t.db
      .collection('outbox')
      .find({ to: buyer.email, kind: 'order-delivered', subject: { $regex: doc.number } })
      .toArray();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`http://shop.test/account?order=${order.id}`);
    expect(mails[0]!.text).not.toContain('PROBE-');
  });

  it('declines a failed payment and puts the keys back', async () => {
    const { offerId } = await stocked(1);
    const order = await place(buyer, [{ offerId, quantity: 1 }]);
    const { order: declined } = await pay(order, { status: 'failed' });
    expect(declined.decisions.at(-1)).toMatchObject({
      status: 'declined',
      actor: 'System',
      reason: 'Declined because the payment failed',
    });
    expect(await stockOf(offerId)).toBe(1);
  });

  it('declines a blocklisted payment instrument as fraud', async () => {
    const { offerId } = await stocked(1);
    const order = await place(buyer, [{ offerId, quantity: 1 }]);
    const { order: declined } = await pay(order, { instrument: 'card-stolen' });
    expect(declined.status).toBe('declined_fraud');
    expect(declined.decisions.at(-1)!.reason).toBe(
      'Declined by fraud screening: blocked payment instrument',
    );
  });

  it('holds a payment that differs from the total for review, keys still reserved', async () => {
    const { offerId } = await stocked(1);
    const order = await place(buyer, [{ offerId, quantity: 1 }]);
    const { order: held } = await pay(order, { amountCents: 1 });
    expect(held.status).toBe('review');
    expect(held.decisions.at(-1)!.reason).toBe(
      'Held for manual review: amount paid differs from the total',
    );
    // Held orders do not expire: the keys wait for the reviewer.
    await service.expireReservations(new Date(Date.now() + 60 * 60_000));
    expect(await keysOf({ orderId: new ObjectId(order.id), status: 'reserved' })).toHaveLength(1);
  });

  it('finds the order by its payment, lets an abandoned attempt be replaced, never a capture', async () => {
    const { offerId } = await stocked(1);
    const order = await place(buyer, [{ offerId, quantity: 1 }]);
    await service.attachPayment(order, 'paypal', `FIRST-${order.id}`);
    await service.attachPayment(order, 'checkout', `SECOND-${order.id}`);
    expect(await service.findByProviderRef(`FIRST-${order.id}`)).toBeNull();
    expect((await service.findByProviderRef(`SECOND-${order.id}`))!._id.toHexString()).toBe(
      order.id,
    );
    await pay(order, { provider: 'checkout', providerRef: `SECOND-${order.id}` });
    // A late failure notice for the captured payment changes nothing; another payment is refused.
    const late = await pay(order, {
      provider: 'checkout',
      providerRef: `SECOND-${order.id}`,
      status: 'failed',
    });
    expect(late.order.status).toBe('approved');
    expect(late.order.payment!.status).toBe('captured');
    await expect(service.attachPayment(order, 'paypal', `THIRD-${order.id}`)).rejects.toMatchObject(
      { code: 'CONFLICT' },
    );
  });

  it('asks for a refund when the money arrives for an order that expired meanwhile', async () => {
    const order = await orderIn('cancelled');
    const { order: after, refund } = await pay(order);
    expect(after.status).toBe('cancelled');
    expect(refund).toBe(true);
  });
});

describe('POST /api/admin/orders/:id/approve|decline|cancel', () => {
  it('approves an order held for review and delivers it', async () => {
    const order = await orderIn('review');
    const res = await adminCall(order.id, 'approve');
    expect(res.status).toBe(200);
    const body = AdminOrderSchema.parse(await res.json());
    expect(body.status).toBe('approved');
    expect(body.decisions.at(-1)).toMatchObject({
      status: 'approved',
      actor: 'Admin',
      actorUid: admin.uid,
      reason: 'Approved by Admin, manual review',
    });
    expect(body.items[0]!.keys).toHaveLength(1);
  });

  it('re-approves a declined order by reserving its keys again', async () => {
    const order = await orderIn('declined');
    const res = await adminCall(order.id, 'approve');
    expect(res.status).toBe(200);
    const body = AdminOrderSchema.parse(await res.json());
    expect(body.decisions.at(-1)!.reason).toBe('Approved by Admin, previous was declined');
    expect(await keysOf({ orderId: new ObjectId(order.id), status: 'sold' })).toHaveLength(1);
  });

  it('refuses to re-approve a declined order whose keys were sold meanwhile', async () => {
    const order = await orderIn('declined');
    const offerId = order.items[0]!.offerId;
    await place(stranger, [{ offerId, quantity: 1 }]);
    const res = await adminCall(order.id, 'approve');
    expect(res.status).toBe(409);
    expect((await orderDoc(order.id)).status).toBe('declined');
    expect(await keysOf({ orderId: new ObjectId(order.id) })).toEqual([]);
  });

  it('declines a held order as fraud with that reason, and cancels with the admin reason', async () => {
    const held = await orderIn('review');
    const res = await adminCall(held.id, 'decline', {
      reason: 'Declined by Admin as fraud, manual execution',
    });
    expect(res.status).toBe(200);
    expect(AdminOrderSchema.parse(await res.json()).status).toBe('declined_fraud');
    expect(await stockOf(held.items[0]!.offerId)).toBe(1);

    const pending = await orderIn('pending');
    const cancelled = AdminOrderSchema.parse(await (await adminCall(pending.id, 'cancel')).json());
    expect(cancelled.decisions.at(-1)).toMatchObject({
      status: 'cancelled',
      actor: 'Admin',
      reason: 'Cancelled by Admin, manual execution',
    });
  });

  it('refuses a reason that does not fit the action with 400', async () => {
    const order = await orderIn('review');
    for (const [action, reason] of [
      ['decline', 'Cancelled by Admin, manual execution'],
      ['approve', 'Approved by Admin, previous was declined'],
      ['cancel', 'made up'],
    ]) {
      const res = await adminCall(order.id, action!, { reason });
      expect(res.status, `${action} ${reason}`).toBe(400);
      expect(ApiErrorSchema.parse(await res.json()).errors).toHaveProperty('reason');
    }
  });

  /** What the table allows an admin, per action: everything else must answer 409. */
  const ALLOWED: Record<string, OrderStatus[]> = {
    approve: ['review', 'declined', 'declined_fraud', 'declined_business'],
    decline: ['review'],
    cancel: ['pending', 'review'],
  };
  const STATUSES: OrderStatus[] = [
    'pending',
    'review',
    'approved',
    'declined',
    'cancelled',
    'declined_fraud',
    'declined_business',
  ];
  const forbidden = Object.entries(ALLOWED).flatMap(([action, allowed]) =>
    STATUSES.filter((s) => !allowed.includes(s)).map((status) => ({ action, status })),
  );

  it.each(forbidden)('refuses to $action an order that is $status with 409', async (c) => {
    const order = await orderIn(c.status);
    const before = await orderDoc(order.id);
    const res = await adminCall(order.id, c.action);
    expect(res.status).toBe(409);
    const after = await orderDoc(order.id);
    expect(after.status).toBe(c.status);
    expect(after.decisions).toHaveLength(before.decisions.length);
  });

  it('refuses the decline variants on a pending order too', async () => {
    const order = await orderIn('pending');
    for (const reason of [
      'Declined by Admin as fraud, manual execution',
      'Declined by Admin for business rules, manual execution',
    ]) {
      expect((await adminCall(order.id, 'decline', { reason })).status).toBe(409);
    }
  });

  it('answers 404 for an unknown order and 403 to a buyer', async () => {
    expect((await adminCall(new ObjectId().toHexString(), 'approve')).status).toBe(404);
    const res = await t.call('POST', `/api/admin/orders/${new ObjectId().toHexString()}/cancel`, {
      token: buyer.token,
      body: {},
    });
    expect(res.status).toBe(403);
  });
});

describe('the buyer’s orders and keys', () => {
  it('lists only the caller’s orders, and answers 404 for another’s', async () => {
    const order = await orderIn('pending');
    const res = await t.call('GET', '/api/user/orders?range=[0,499]', { token: buyer.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toMatch(/^orders 0-\d+\/\d+$/);
    const mine = OrderSchema.array().parse(await res.json());
    expect(mine.map((o) => o.id)).toContain(order.id);
    const theirs = await t.call('GET', `/api/user/orders/${order.id}`, { token: stranger.token });
    expect(theirs.status).toBe(404);
    const list = await t.call('GET', '/api/user/orders', { token: stranger.token });
    expect(
      OrderSchema.array()
        .parse(await list.json())
        .map((o) => o.id),
    ).not.toContain(order.id);
  });

  it('reveals a key only to its buyer, with the waiver, and records the first reveal', async () => {
    const { offerId, codes } = await stocked(1);
    const order = await place(buyer, [{ offerId, quantity: 1 }]);
    const pendingView = OrderSchema.parse(
      await (await t.call('GET', `/api/user/orders/${order.id}`, { token: buyer.token })).json(),
    );
    expect(pendingView.items[0]!.keys).toEqual([]);
    await pay(order);
    const view = OrderSchema.parse(
      await (await t.call('GET', `/api/user/orders/${order.id}`, { token: buyer.token })).json(),
    );
    const keyId = view.items[0]!.keys[0]!.id;
    expect(view.items[0]!.keys[0]!.revealedAt).toBeNull();
    const path = `/api/user/orders/${order.id}/keys/${keyId}/reveal`;

    expect(
      (await t.call('POST', path, { token: stranger.token, body: { waiveWithdrawal: true } }))
        .status,
    ).toBe(404);
    const noWaiver = await t.call('POST', path, { token: buyer.token, body: {} });
    expect(noWaiver.status).toBe(400);
    expect(ApiErrorSchema.parse(await noWaiver.json()).errors).toHaveProperty('waiveWithdrawal');

    const first = RevealedOrderKeySchema.parse(
      await (
        await t.call('POST', path, { token: buyer.token, body: { waiveWithdrawal: true } })
      ).json(),
    );
    expect(first).toMatchObject({ kind: 'text', code: codes[0] });
    const again = RevealedOrderKeySchema.parse(
      await (
        await t.call('POST', path, { token: buyer.token, body: { waiveWithdrawal: true } })
      ).json(),
    );
    expect(again.revealedAt).toBe(first.revealedAt);
    const [key] = await keysOf({ _id: new ObjectId(keyId) });
    expect(key!.revealedAt!.toISOString()).toBe(first.revealedAt);
    expect(key!.withdrawalWaivedAt).toBeInstanceOf(Date);
  });

  it('refuses a reveal before approval', async () => {
    const { offerId } = await stocked(1);
    const order = await place(buyer, [{ offerId, quantity: 1 }]);
    const [key] = await keysOf({ orderId: new ObjectId(order.id) });
    const res = await t.call(
      'POST',
      `/api/user/orders/${order.id}/keys/${key!._id.toHexString()}/reveal`,
      {
        token: buyer.token,
        body: { waiveWithdrawal: true },
      },
    );
    expect(res.status).toBe(409);
  });

  it('needs the purchase confirmation for a game account and hands its credentials over once', async () => {
    const { offerId, codes } = await stocked(1, 2500, { categoryId: 'accounts' });
    await expect(place(buyer, [{ offerId, quantity: 1 }])).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { 'confirmations.purchaseAccountProduct': expect.any(String) },
    });
    const order = await place(buyer, [{ offerId, quantity: 1 }], {
      confirmations: { purchaseAccountProduct: true },
    });
    expect(order.accountPurchaseConfirmedAt).not.toBeNull();
    await pay(order);
    const [key] = await keysOf({ orderId: new ObjectId(order.id) });
    const keyId = key!._id.toHexString();
    const reveal = await t.call('POST', `/api/user/orders/${order.id}/keys/${keyId}/reveal`, {
      token: buyer.token,
      body: { waiveWithdrawal: true },
    });
    expect(reveal.status).toBe(409);
    const claim = () =>
      t.call('POST', `/api/user/orders/${order.id}/claim-account`, {
        token: buyer.token,
        body: { keyId },
      });
    const first = await claim();
    expect(first.status).toBe(200);
    expect(RevealedOrderKeySchema.parse(await first.json())).toMatchObject({
      kind: 'text',
      code: codes[0],
    });
    expect((await claim()).status).toBe(409);
  });
});

describe('GET /api/seller/sales and /api/seller/balance', () => {
  it('shows a seller their own order lines, never the buyer, and what they are owed', async () => {
    const before = SellerBalanceSchema.parse(
      await (await t.call('GET', '/api/seller/balance', { token: otherSeller.token })).json(),
    );
    const productId = await newProduct(t.db);
    const offer = await sell(t, otherSeller, productId, { eur: 700 });
    await uploadKeys(t, otherSeller, offer.id, freshCodes(3));
    const order = await place(buyer, [{ offerId: offer.id, quantity: 3 }]);
    await pay(order);

    const res = await t.call('GET', '/api/seller/sales', { token: otherSeller.token });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(buyer.email);
    const sales = SellerSaleSchema.array().parse(JSON.parse(text));
    expect(sales.find((s) => s.orderId === order.id)).toMatchObject({
      quantity: 3,
      unitPriceCents: 700,
      status: 'approved',
      deliveredCount: 3,
    });
    const mine = await raClient(t.url, 'seller', seller.token).getList('sales', {
      pagination: { page: 1, perPage: 500 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect(mine.data.map((s) => s.orderId)).not.toContain(order.id);

    const after = SellerBalanceSchema.parse(
      await (await t.call('GET', '/api/seller/balance', { token: otherSeller.token })).json(),
    );
    // Credited net of the default commission (5 % of 2100 + a 30-cent fee per line), pending
    // for the holdback before it can be paid out.
    expect(after.eur.pendingCents - before.eur.pendingCents).toBe(2100 - 105 - 30);
    expect(after.eur.availableCents).toBe(before.eur.availableCents);
  });
});

describe('GET /api/admin/orders', () => {
  it('lists and filters orders through the console’s client, with payment and decisions', async () => {
    const order = await orderIn('approved');
    const client = raClient(t.url, 'admin', admin.token);
    const page = await client.getList('orders', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { status: 'approved', userId: buyer.uid, provider: 'paypal' },
    });
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.data.every((o) => o.status === 'approved' && o.userId === buyer.uid)).toBe(true);
    const { data } = await client.getOne('orders', { id: order.id });
    const one = AdminOrderSchema.parse(data);
    expect(one.payment).toMatchObject({ provider: 'paypal', status: 'captured' });
    expect(one.email).toBe(buyer.email);
    const bySeller = await client.getList('orders', {
      pagination: { page: 1, perPage: 500 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { sellerId: otherSeller.sellerId },
    });
    expect(bySeller.data.map((o) => o.id)).not.toContain(order.id);
  });

  it('refuses a malformed date filter with 400', async () => {
    const res = await t.call(
      'GET',
      `/api/admin/orders?filter=${encodeURIComponent('{"createdFrom":"yesterday"}')}`,
      { token: admin.token },
    );
    expect(res.status).toBe(400);
    expect(ApiErrorSchema.parse(await res.json()).errors).toHaveProperty(['filter.createdFrom']);
  });
});
