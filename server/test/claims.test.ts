import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminClaimSchema,
  ApiErrorSchema,
  ClaimSchema,
  OrderSchema,
  RevealedOrderKeySchema,
  SellerSchema,
  type Claim,
  type Order,
} from '@market/shared';
import { createLogger } from '../src/logger.ts';
import type { ClaimDoc } from '../src/modules/claims/claims.repository.ts';
import type { KeyDoc } from '../src/modules/keys/keys.repository.ts';
import type { LedgerEntryDoc } from '../src/modules/ledger/ledger.repository.ts';
import type { OrderDoc } from '../src/modules/orders/order-doc.ts';
import type { OutboxDoc } from '../src/modules/outbox/outbox.repository.ts';
import type { RefundDoc } from '../src/modules/refunds/refunds.repository.ts';
import { seedDemoData } from '../src/seed/seed.ts';
import { buyerWith, orderOf, settledOrder, paidWithPaypal } from './checkout-fixtures.ts';
import { errorsOf, freshCodes, newProduct, sell, uploadKeys } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { raClient } from './ra-client.ts';

let t: TestServer;
let seller: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  // Each buyer pays from an address of their own (X-Forwarded-For through a trusted proxy):
  // velocity screening per address would otherwise hold the orders for review.
  t = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  [seller, admin] = await Promise.all([t.account('seller'), t.account('admin')]);
});
afterAll(() => t.close());

const HOUR = 3_600_000;

/** The message of an error answer. */
const messageOf = async (res: Response) => ApiErrorSchema.parse(await res.json()).message;

/** A buyer's approved, delivered order of one key of a fresh offer with `stock` keys. */
async function delivered(stock = 2) {
  const productId = await newProduct(t.db);
  const offer = await sell(t, seller, productId, { eur: 1500, usd: 1500, gbp: 1500 });
  await uploadKeys(t, seller, offer.id, freshCodes(stock));
  const buyer = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
  const orderId = await paidWithPaypal(t, buyer);
  const order = await settledOrder(t, buyer, orderId);
  expect(order.status).toBe('approved');
  return { buyer, order, keyId: order.items[0]!.keys[0]!.id, offerId: offer.id };
}

async function reveal(buyer: TestAccount, orderId: string, keyId: string) {
  const res = await t.call('POST', `/api/user/orders/${orderId}/keys/${keyId}/reveal`, {
    token: buyer.token,
    body: { waiveWithdrawal: true },
  });
  expect(res.status).toBe(200);
  return RevealedOrderKeySchema.parse(await res.json());
}

const report = (buyer: TestAccount, orderId: string, keyId: string, body: unknown) =>
  t.call('POST', `/api/user/orders/${orderId}/keys/${keyId}/claim`, { token: buyer.token, body });

/** A revealed key of a delivered order, reported as not working. */
async function claimed(stock = 2) {
  const sale = await delivered(stock);
  const shown = await reveal(sale.buyer, sale.order.id, sale.keyId);
  const res = await report(sale.buyer, sale.order.id, sale.keyId, {
    reason: 'already_used',
    details: 'The platform says the code was redeemed',
  });
  expect(res.status).toBe(201);
  return { ...sale, shown, claim: ClaimSchema.parse(await res.json()) };
}

const asSeller = (path: string, body: unknown = {}) =>
  t.call('POST', `/api/seller/claims/${path}`, { token: seller.token, body });
const asAdmin = (path: string, body: unknown) =>
  t.call('POST', `/api/admin/claims/${path}`, { token: admin.token, body });
const claimOf = async (res: Response, status = 200): Promise<Claim> => {
  expect(res.status).toBe(status);
  return ClaimSchema.parse(await res.json());
};
const refundEntries = (orderId: string) =>
  t.db
    .collection<LedgerEntryDoc>('sellerLedger')
    .find({ orderId: new ObjectId(orderId), type: 'refund' })
    .toArray();
const mailsTo = (email: string) =>
  t.db.collection<OutboxDoc>('outbox').find({ to: email.toLowerCase() }).toArray();
const buyerClaims = async (buyer: TestAccount, orderId: string) => {
  const res = await t.call(
    'GET',
    `/api/user/claims?filter=${encodeURIComponent(JSON.stringify({ orderId }))}`,
    { token: buyer.token },
  );
  expect(res.status).toBe(200);
  return ClaimSchema.array().parse(await res.json());
};

describe('a claim the seller replaces', () => {
  it('puts a new key in the buyer’s order, revokes the old one and counts a defect', async () => {
    const { buyer, order, keyId, shown, claim } = await claimed();
    expect(claim.status).toBe('open');
    expect(new Date(claim.respondBy).getTime() - Date.now()).toBeGreaterThan(47 * HOUR);
    // The seller is told by mail, and lists the claim in the console (never the buyer).
    expect((await mailsTo(seller.email)).some((m) => m.subject.includes('not working'))).toBe(true);
    const list = await raClient(t.url, 'seller', seller.token).getList('claims', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { status: 'open' },
    });
    expect(list.data.map((c) => c.id)).toContain(claim.id);
    expect(JSON.stringify(list.data)).not.toContain(buyer.email);

    const replaced = await claimOf(await asSeller(`${claim.id}/replace`, { note: 'Sorry' }));
    expect(replaced.status).toBe('replaced');
    expect(replaced.history.map((e) => [e.to, e.actor])).toEqual([
      ['open', 'buyer'],
      ['replacing', 'seller'],
      ['replaced', 'system'],
    ]);
    const newKey = replaced.replacementKeyId!;

    const mine: Order = await orderOf(t, buyer, order.id);
    const keys = Object.fromEntries(mine.items[0]!.keys.map((k) => [k.id, k.status]));
    expect(keys).toEqual({ [keyId]: 'revoked', [newKey]: 'sold' });
    const fresh = await reveal(buyer, order.id, newKey);
    expect(fresh).not.toEqual(shown);
    expect((await buyerClaims(buyer, order.id)).map((c) => c.status)).toEqual(['replaced']);
    expect((await mailsTo(buyer.email)).some((m) => m.subject.includes('your report'))).toBe(true);
    // No money moved: the seller gave another key.
    expect(await refundEntries(order.id)).toEqual([]);

    // The defect rate: one upheld claim over the keys sold (the original and its replacement).
    const shop = SellerSchema.parse(
      (await raClient(t.url, 'admin', admin.token).getOne('sellers', { id: seller.sellerId! }))
        .data,
    );
    expect(shop.defectRate?.upheld).toBeGreaterThanOrEqual(1);
    expect(shop.defectRate!.per100).toBeCloseTo(
      (shop.defectRate!.upheld * 100) / shop.defectRate!.sold,
      1,
    );
  });

  it('answers 409 when no key is left to give, and the claim stays open', async () => {
    const { claim } = await claimed(1);
    const res = await asSeller(`${claim.id}/replace`);
    expect(res.status).toBe(409);
    expect(await messageOf(res)).toMatch(/No key of this offer is left/);
    const after = ClaimSchema.parse(
      await (await t.call('GET', `/api/seller/claims/${claim.id}`, { token: seller.token })).json(),
    );
    expect(after.status).toBe('open');
  });
});

describe('a claim the seller leaves unanswered', () => {
  it('is refunded by the job once the deadline passes, the seller debited once', async () => {
    const { buyer, order, keyId, claim } = await claimed();
    const jobs = t.container.claims.service;
    // Before the deadline nothing happens.
    await jobs.runDue(new Date());
    expect((await buyerClaims(buyer, order.id))[0]!.status).toBe('open');

    const late = new Date(Date.now() + 49 * HOUR);
    await jobs.runDue(late);
    const [after] = await buyerClaims(buyer, order.id);
    expect(after!.id).toBe(claim.id);
    expect(after!.status).toBe('refunded');
    expect(after!.history.map((e) => [e.to, e.actor])).toEqual([
      ['open', 'buyer'],
      ['refunding', 'system'],
      ['refunded', 'system'],
    ]);
    // The seller gives back what they were credited: 15.00 less the default 5 % + 0.30 commission.
    expect((await refundEntries(order.id)).map((e) => [e.sellerId, e.amountCents])).toEqual([
      [seller.sellerId, -1395],
    ]);
    const mine = await orderOf(t, buyer, order.id);
    expect(mine.refundedCents).toBe(1500);
    expect(mine.items[0]!.keys.find((k) => k.id === keyId)!.status).toBe('revoked');

    // A second run (or a crash and a rerun) refunds nothing more.
    await jobs.runDue(late);
    await jobs.runDue(new Date(late.getTime() + HOUR));
    expect(await refundEntries(order.id)).toHaveLength(1);
    const refunds = await t.db
      .collection<RefundDoc>('refunds')
      .find({ orderId: new ObjectId(order.id) })
      .toArray();
    expect(refunds.map((r) => r.status)).toEqual(['completed']);
  });

  it('is finished by the job when a crash left it refunding', async () => {
    const { buyer, order, claim } = await claimed();
    // As if the process died right after the move to `refunding`.
    await t.db.collection('claims').updateOne(
      { _id: new ObjectId(claim.id) },
      {
        $set: { status: 'refunding', updatedAt: new Date(Date.now() - 10 * 60_000) },
      },
    );
    await t.container.claims.service.runDue(new Date());
    expect((await buyerClaims(buyer, order.id))[0]!.status).toBe('refunded');
    expect(await refundEntries(order.id)).toHaveLength(1);
  });
});

describe('an escalated claim', () => {
  it('waits for an admin, who upholds it with a refund or rejects it', async () => {
    const first = await claimed();
    const second = await claimed();
    // The seller disputes the first, the buyer escalates the second.
    expect(
      (await claimOf(await asSeller(`${first.claim.id}/escalate`, { note: 'Works for us' })))
        .status,
    ).toBe('escalated');
    const byBuyer = await t.call('POST', `/api/user/claims/${second.claim.id}/escalate`, {
      token: second.buyer.token,
      body: { note: 'No answer' },
    });
    expect((await claimOf(byBuyer)).status).toBe('escalated');
    // Escalated: the seller no longer answers, the deadline no longer refunds.
    expect((await asSeller(`${first.claim.id}/refund`)).status).toBe(409);
    await t.container.claims.service.runDue(new Date(Date.now() + 49 * HOUR));
    expect(await refundEntries(first.order.id)).toEqual([]);

    const admins = raClient(t.url, 'admin', admin.token);
    const queue = await admins.getList('claims', {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { status: 'escalated' },
    });
    expect(queue.data.map((c) => c.id)).toEqual(
      expect.arrayContaining([first.claim.id, second.claim.id]),
    );
    const shown = AdminClaimSchema.parse(
      (await admins.getOne('claims', { id: first.claim.id })).data,
    );
    expect(shown.email).toBe(first.buyer.email);
    expect(shown.history.at(-1)).toMatchObject({
      to: 'escalated',
      actor: 'seller',
      note: 'Works for us',
    });

    const upheld = await asAdmin(`${first.claim.id}/decide`, {
      decision: 'refund',
      note: 'Code was used',
    });
    expect(upheld.status).toBe(200);
    const decided = AdminClaimSchema.parse(await upheld.json());
    expect(decided.status).toBe('refunded');
    expect(decided.history.find((e) => e.to === 'refunding')).toMatchObject({
      actor: 'admin',
      actorUid: admin.uid,
    });
    expect((await refundEntries(first.order.id)).map((e) => e.amountCents)).toEqual([-1395]);

    const rejected = AdminClaimSchema.parse(
      await (
        await asAdmin(`${second.claim.id}/decide`, {
          decision: 'reject',
          note: 'Redeemed by the buyer',
        })
      ).json(),
    );
    expect(rejected.status).toBe('rejected');
    expect(await refundEntries(second.order.id)).toEqual([]);
    // Decided once: a second decision answers 409.
    expect((await asAdmin(`${second.claim.id}/decide`, { decision: 'refund' })).status).toBe(409);
  });
});

describe('a refund refused for good', () => {
  it('sends the claim to an admin instead of asking again', async () => {
    const { order, claim } = await claimed();
    // As if the payment could no longer be refunded (its capture gone from the order).
    await t.db
      .collection<OrderDoc>('orders')
      .updateOne({ _id: new ObjectId(order.id) }, { $set: { 'payment.captureId': null } });
    expect((await asSeller(`${claim.id}/refund`)).status).toBe(409);
    const after = await claimOf(
      await t.call('GET', `/api/seller/claims/${claim.id}`, { token: seller.token }),
    );
    expect(after.status).toBe('escalated');
    expect(after.history.map((e) => [e.to, e.actor])).toEqual([
      ['open', 'buyer'],
      ['refunding', 'seller'],
      ['escalated', 'system'],
    ]);
    expect(await refundEntries(order.id)).toEqual([]);
  });
});

describe('reports refused', () => {
  it('refuses an unrevealed key, a key outside the window and a second open claim', async () => {
    const { buyer, order, keyId } = await delivered();
    const unrevealed = await report(buyer, order.id, keyId, { reason: 'not_working' });
    expect(unrevealed.status).toBe(409);
    expect(await messageOf(unrevealed)).toMatch(/Reveal the key first/);

    await reveal(buyer, order.id, keyId);
    const first = await report(buyer, order.id, keyId, { reason: 'not_working' });
    expect(first.status).toBe(201);
    const again = await report(buyer, order.id, keyId, { reason: 'wrong_region' });
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toMatch(/open claim already/);

    const late = await delivered();
    await reveal(late.buyer, late.order.id, late.keyId);
    await t.db
      .collection<OrderDoc>('orders')
      .updateOne(
        { _id: new ObjectId(late.order.id) },
        { $set: { deliveredAt: new Date(Date.now() - 8 * 24 * HOUR) } },
      );
    const outside = await report(late.buyer, late.order.id, late.keyId, { reason: 'not_working' });
    expect(outside.status).toBe(409);
    expect(await messageOf(outside)).toMatch(/within 7 days of delivery/);
  });

  it('answers 400 with field errors to a bad reason, 404 to another buyer’s order', async () => {
    const { buyer, order, keyId } = await delivered();
    const bad = await report(buyer, order.id, keyId, { reason: 'meh', details: 'x'.repeat(600) });
    expect(bad.status).toBe(400);
    expect(Object.keys(await errorsOf(bad)).sort()).toEqual(['details', 'reason']);
    const stranger = await t.account('user');
    expect((await report(stranger, order.id, keyId, { reason: 'not_working' })).status).toBe(404);
    // Another seller's claims are not this seller's.
    const other = await t.account('seller');
    expect(
      (
        await t.call('GET', `/api/seller/claims/${new ObjectId().toHexString()}`, {
          token: other.token,
        })
      ).status,
    ).toBe(404);
    expect(OrderSchema.parse(await orderOf(t, buyer, order.id)).status).toBe('approved');
  });
});

describe('demo data', () => {
  it('seeds one open claim on the demo buyer’s revealed key, once', async () => {
    const vault = t.container.deps.vault;
    await seedDemoData(t.db, t.identity.auth, vault, createLogger('silent'));
    await seedDemoData(t.db, t.identity.auth, vault, createLogger('silent'));
    const seeded = await t.db
      .collection<ClaimDoc>('claims')
      .find({ userId: 'demo-buyer' })
      .toArray();
    expect(seeded.map((c) => [c.status, c.sellerId])).toEqual([['open', 'pixel-keys']]);
    const order = await t.db.collection<OrderDoc>('orders').findOne({ _id: seeded[0]!.orderId });
    expect(order?.status).toBe('approved');
    expect(order?.deliveredAt).toBeTruthy();
    const key = await t.db.collection<KeyDoc>('keys').findOne({ _id: seeded[0]!.keyId });
    expect(key).toMatchObject({ status: 'sold', orderId: order!._id });
    expect(key?.revealedAt).toBeTruthy();
  });
});
