import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminLookupSchema,
  AdminWorkSchema,
  SellerWorkSchema,
  type AdminWork,
} from '@market/shared';
import { freshCodes, newProduct, sell, uploadKeys } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

/**
 * The consoles' homes open on the work waiting: `GET /api/{admin,seller}/dashboard/work` counts
 * each queue and dates its oldest item. Queue items are written straight into the database, in
 * the fields the queues read (status, date), beside items that must not count.
 */

let t: TestServer;
let admin: TestAccount;
let seller: TestAccount;
let other: TestAccount;

const at = (iso: string) => new Date(iso);

async function adminWork(): Promise<AdminWork> {
  const res = await t.call('GET', '/api/admin/dashboard/work', { token: admin.token });
  expect(res.status).toBe(200);
  return AdminWorkSchema.parse(await res.json());
}

async function sellerWork(account: TestAccount) {
  const res = await t.call('GET', '/api/seller/dashboard/work', { token: account.token });
  expect(res.status).toBe(200);
  return SellerWorkSchema.parse(await res.json());
}

beforeAll(async () => {
  t = await startTestServer();
  [admin, seller, other] = await Promise.all([
    t.account('admin'),
    t.account('seller'),
    t.account('seller'),
  ]);
}, 60_000);
afterAll(() => t.close());

describe('the admin console’s work queues', () => {
  it('counts each queue and dates its oldest item, leaving settled items out', async () => {
    const before = await adminWork();
    const doc = (status: string, createdAt: Date, extra: object = {}) => ({
      _id: new ObjectId(),
      // Orders' numbers are unique; the other collections ignore it.
      number: `W-${new ObjectId().toHexString()}`,
      status,
      createdAt,
      updatedAt: createdAt,
      ...extra,
    });
    await t.db
      .collection('orders')
      .insertMany([
        doc('review', at('2020-01-02T10:00:00Z')),
        doc('review', at('2020-01-05T10:00:00Z')),
        doc('approved', at('2019-01-01T10:00:00Z')),
      ]);
    await t.db
      .collection('claims')
      .insertMany([
        doc('escalated', at('2020-02-01T00:00:00Z'), { respondBy: at('2020-02-04T00:00:00Z') }),
        doc('escalated', at('2020-01-01T00:00:00Z'), { respondBy: at('2020-02-03T00:00:00Z') }),
        doc('open', at('2019-01-01T00:00:00Z'), { respondBy: at('2019-01-02T00:00:00Z') }),
      ]);
    await t.db
      .collection<{ _id: string }>('sellers')
      .insertOne({ ...doc('pending', at('2020-03-01T00:00:00Z')), _id: `pending-${Date.now()}` });
    await t.db.collection('reviews').insertMany([doc('pending', at('2020-04-01T00:00:00Z'))]);
    await t.db.collection('payouts').insertOne(doc('failed', at('2020-05-01T00:00:00Z')));
    await t.db.collection('outbox').insertOne({
      _id: new ObjectId(),
      delivery: 'failed',
      nextAttemptAt: at('2020-06-01T00:00:00Z'),
    });

    const after = await adminWork();
    expect(after.ordersInReview).toEqual({
      count: before.ordersInReview.count + 2,
      oldestAt: '2020-01-02T10:00:00.000Z',
    });
    // Claims: the earliest deadline, not the oldest claim.
    expect(after.escalatedClaims).toEqual({
      count: before.escalatedClaims.count + 2,
      oldestAt: '2020-02-03T00:00:00.000Z',
    });
    expect(after.sellerApplications.count).toBe(before.sellerApplications.count + 1);
    expect(after.sellerApplications.oldestAt).toBe('2020-03-01T00:00:00.000Z');
    expect(after.pendingReviews.count).toBe(before.pendingReviews.count + 1);
    expect(after.failedPayouts).toEqual({
      count: before.failedPayouts.count + 1,
      oldestAt: '2020-05-01T00:00:00.000Z',
    });
    expect(after.failedMails.count).toBe(before.failedMails.count + 1);
    expect(after.openBreakers).toEqual({ count: 0, oldestAt: null });
  });

  it('is an admin’s only', async () => {
    expect((await t.call('GET', '/api/admin/dashboard/work', { token: seller.token })).status).toBe(
      403,
    );
  });
});

describe('the seller console’s work queues', () => {
  it('counts the caller’s claims to answer (earliest deadline) and offers out of or low on keys', async () => {
    const empty = await sellerWork(seller);
    expect(empty).toEqual({
      openClaims: { count: 0, oldestAt: null },
      outOfStock: { count: 0, oldestAt: null },
      lowStock: { count: 0, oldestAt: null },
    });
    const [a, b, c] = await Promise.all([newProduct(t.db), newProduct(t.db), newProduct(t.db)]);
    const soldOut = await sell(t, seller, a);
    const low = await sell(t, seller, b);
    const plenty = await sell(t, seller, c);
    await uploadKeys(t, seller, low.id, freshCodes(2));
    await uploadKeys(t, seller, plenty.id, freshCodes(8));
    // An offer without keys is on sale and empty only once it has been active.
    await t.db
      .collection('offers')
      .updateOne({ _id: new ObjectId(soldOut.id) }, { $set: { status: 'active', stock: 0 } });
    const claim = (sellerId: string, status: string, respondBy: string) => ({
      _id: new ObjectId(),
      sellerId,
      status,
      respondBy: at(respondBy),
      createdAt: at('2020-01-01T00:00:00Z'),
    });
    await t.db
      .collection('claims')
      .insertMany([
        claim(seller.sellerId!, 'open', '2030-01-03T00:00:00Z'),
        claim(seller.sellerId!, 'open', '2030-01-02T00:00:00Z'),
        claim(seller.sellerId!, 'escalated', '2030-01-01T00:00:00Z'),
        claim(other.sellerId!, 'open', '2029-01-01T00:00:00Z'),
      ]);

    const work = await sellerWork(seller);
    expect(work.openClaims).toEqual({ count: 2, oldestAt: '2030-01-02T00:00:00.000Z' });
    expect(work.outOfStock.count).toBe(1);
    expect(work.lowStock.count).toBe(1);
    // Another shop sees none of it.
    expect((await sellerWork(other)).openClaims).toEqual({
      count: 1,
      oldestAt: '2029-01-01T00:00:00.000Z',
    });
  });
});

describe('the admin app bar’s search', () => {
  const lookup = async (q: string, token = admin.token) => {
    const res = await t.call('GET', `/api/admin/lookup?q=${encodeURIComponent(q)}`, { token });
    expect(res.status).toBe(200);
    return AdminLookupSchema.parse(await res.json());
  };

  it('finds an order by its number, a user by the start of their email, a product by its name', async () => {
    const id = new ObjectId();
    await t.db
      .collection('orders')
      .insertOne({ _id: id, number: '987654', status: 'review', createdAt: new Date() });
    expect((await lookup('#987654')).orders).toEqual([
      { id: id.toHexString(), number: '987654', status: 'review' },
    ]);
    expect((await lookup('98765')).orders).toEqual([]);

    // Signing in is what records the account's email.
    await t.call('POST', '/api/login', { token: seller.token });
    const found = await lookup(seller.email.slice(0, 8).toUpperCase());
    expect(found.users.map((u) => u.email)).toContain(seller.email);

    const productId = await newProduct(t.db, { name: 'Quokka Lantern Saga' });
    await sell(t, seller, productId);
    // Through the catalogue's index: another word order and a typo still find it.
    await expect
      .poll(async () => (await lookup('lantern quoka')).products.map((p) => p.id), {
        timeout: 3000,
      })
      .toContain(productId);
  });

  it('answers 400 to an empty query and 403 to a seller', async () => {
    expect((await t.call('GET', '/api/admin/lookup?q=', { token: admin.token })).status).toBe(400);
    expect((await t.call('GET', '/api/admin/lookup?q=x', { token: seller.token })).status).toBe(
      403,
    );
  });
});
