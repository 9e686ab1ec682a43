import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, KeyUploadResultSchema, SellerOfferSchema } from '@market/shared';
import type { KeyDoc } from '../src/modules/keys/keys.repository.ts';
import { newProduct, productDoc, sell } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

let t: TestServer;
let a: TestAccount;
let b: TestAccount;

beforeAll(async () => {
  t = await startTestServer();
  [a, b] = await Promise.all([t.account('seller'), t.account('seller')]);
});
afterAll(() => t.close());

describe('POST /api/seller/offers', () => {
  it('creates an offer and computes USD and GBP from an EUR-only price', async () => {
    const productId = await newProduct(t.db, { name: 'Starfall Tactics' });
    const offer = await sell(t, a, productId, { eur: 1999 });
    expect(offer).toMatchObject({
      productId,
      productName: 'Starfall Tactics',
      prices: { eur: 1999, usd: 2159, gbp: 1719 },
      stock: 0,
      zeroVat: false,
      status: 'active',
    });
  });

  it('keeps the USD and GBP prices the seller gives', async () => {
    const res = await t.call('POST', '/api/seller/offers', {
      token: a.token,
      body: { productId: await newProduct(t.db), prices: { eur: 1000, usd: 1111, gbp: 999 } },
    });
    expect(res.status).toBe(201);
    expect(SellerOfferSchema.parse(await res.json()).prices).toEqual({
      eur: 1000,
      usd: 1111,
      gbp: 999,
    });
  });

  it('refuses a second offer by the same seller on the same product with 409', async () => {
    const productId = await newProduct(t.db);
    await sell(t, a, productId);
    const res = await t.call('POST', '/api/seller/offers', {
      token: a.token,
      body: { productId, prices: { eur: 1500 } },
    });
    expect(res.status).toBe(409);
    expect(ApiErrorSchema.parse(await res.json()).errors).toHaveProperty('productId');
  });

  it('answers 404 for an unknown product', async () => {
    const res = await t.call('POST', '/api/seller/offers', {
      token: a.token,
      body: { productId: new ObjectId().toHexString(), prices: { eur: 1500 } },
    });
    expect(res.status).toBe(404);
  });

  it('refuses prices that are not whole positive cents', async () => {
    const res = await t.call('POST', '/api/seller/offers', {
      token: a.token,
      body: { productId: await newProduct(t.db), prices: { eur: 19.99, usd: 0 } },
    });
    expect(res.status).toBe(400);
    const { errors } = ApiErrorSchema.parse(await res.json());
    expect(errors).toHaveProperty(['prices.eur']);
    expect(errors).toHaveProperty(['prices.usd']);
  });

  it('is closed to guests and to buyers', async () => {
    const body = { productId: new ObjectId().toHexString(), prices: { eur: 1500 } };
    expect((await t.call('POST', '/api/seller/offers', { body })).status).toBe(401);
    const buyer = await t.tokenFor('user');
    expect((await t.call('POST', '/api/seller/offers', { token: buyer, body })).status).toBe(403);
  });
});

describe('GET /api/seller/offers', () => {
  it("lists the seller's own offers with Content-Range, and filters by product and status", async () => {
    const seller = await t.account('seller');
    const productId = await newProduct(t.db, { name: 'Harbor Lights' });
    const offer = await sell(t, seller, productId);
    await sell(t, seller, await newProduct(t.db));
    await sell(t, b, productId);

    const res = await t.call('GET', '/api/seller/offers?sort=["createdAt","ASC"]&range=[0,9]', {
      token: seller.token,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('offers 0-1/2');
    const rows = SellerOfferSchema.array().parse(await res.json());
    expect(rows[0]).toEqual(offer);
    expect(rows[0]!.productName).toBe('Harbor Lights');

    const filter = encodeURIComponent(JSON.stringify({ productId, status: 'active' }));
    const filtered = await t.call('GET', `/api/seller/offers?filter=${filter}`, {
      token: seller.token,
    });
    expect(filtered.headers.get('content-range')).toBe('offers 0-0/1');
    expect(SellerOfferSchema.array().parse(await filtered.json())).toEqual([offer]);

    const paused = encodeURIComponent(JSON.stringify({ status: 'paused' }));
    const none = await t.call('GET', `/api/seller/offers?filter=${paused}`, {
      token: seller.token,
    });
    expect(await none.json()).toEqual([]);
  });

  it("does not show another seller's offers", async () => {
    const offer = await sell(t, a, await newProduct(t.db));
    const res = await t.call('GET', '/api/seller/offers?range=[0,499]', { token: b.token });
    const rows = SellerOfferSchema.array().parse(await res.json());
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.id)).not.toContain(offer.id);
  });

  it('refuses an unknown status filter with a field error', async () => {
    const filter = encodeURIComponent(JSON.stringify({ status: 'sold' }));
    const res = await t.call('GET', `/api/seller/offers?filter=${filter}`, { token: a.token });
    expect(res.status).toBe(400);
    expect(ApiErrorSchema.parse(await res.json()).errors).toHaveProperty(['filter.status']);
  });
});

describe('GET /api/seller/offers/:id', () => {
  it('answers an own offer', async () => {
    const offer = await sell(t, a, await newProduct(t.db));
    const res = await t.call('GET', `/api/seller/offers/${offer.id}`, { token: a.token });
    expect(res.status).toBe(200);
    expect(SellerOfferSchema.parse(await res.json())).toEqual(offer);
  });

  it("answers 404 for another seller's offer and for ids that cannot exist", async () => {
    const offer = await sell(t, a, await newProduct(t.db));
    expect((await t.call('GET', `/api/seller/offers/${offer.id}`, { token: b.token })).status).toBe(
      404,
    );
    expect((await t.call('GET', '/api/seller/offers/nope', { token: a.token })).status).toBe(404);
  });
});

describe('PUT /api/seller/offers/:id', () => {
  it('changes prices, zeroVat and status, computing missing prices from EUR', async () => {
    const offer = await sell(t, a, await newProduct(t.db));
    const res = await t.call('PUT', `/api/seller/offers/${offer.id}`, {
      token: a.token,
      // react-admin sends the whole record back: the read-only fields are ignored.
      body: { ...offer, prices: { eur: 1500, usd: 1700 }, zeroVat: true, status: 'paused' },
    });
    expect(res.status).toBe(200);
    expect(SellerOfferSchema.parse(await res.json())).toEqual({
      ...offer,
      prices: { eur: 1500, usd: 1700, gbp: 1290 },
      zeroVat: true,
      status: 'paused',
    });
  });

  it('refuses a status a seller may not set', async () => {
    const offer = await sell(t, a, await newProduct(t.db));
    const res = await t.call('PUT', `/api/seller/offers/${offer.id}`, {
      token: a.token,
      body: { status: 'hidden' },
    });
    expect(res.status).toBe(400);
    expect(ApiErrorSchema.parse(await res.json()).errors).toHaveProperty('status');
  });

  it("answers 404 for another seller's offer and leaves it unchanged", async () => {
    const offer = await sell(t, a, await newProduct(t.db));
    const res = await t.call('PUT', `/api/seller/offers/${offer.id}`, {
      token: b.token,
      body: { status: 'paused' },
    });
    expect(res.status).toBe(404);
    const mine = await t.call('GET', `/api/seller/offers/${offer.id}`, { token: a.token });
    expect(SellerOfferSchema.parse(await mine.json()).status).toBe('active');
  });
});

describe('POST /api/seller/offers/:id/keys', () => {
  it('stores new keys encrypted as uploaded, counts duplicates and rejected codes, and updates stock and prices', async () => {
    const productId = await newProduct(t.db);
    const other = await sell(t, b, productId, { eur: 2500 });
    const earlier = await t.call('POST', `/api/seller/offers/${other.id}/keys`, {
      token: b.token,
      body: { codes: ['DUPE-AAAA-BBBB-CCCC'] },
    });
    expect(KeyUploadResultSchema.parse(await earlier.json())).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: 0,
      stock: 1,
    });
    expect((await productDoc(t.db, productId))?.eurMin).toBe(2500);

    const offer = await sell(t, a, productId, { eur: 1999 });
    const fresh = ['fresh-one-1111', 'FRESH-TWO-2222', 'ABCD-EFGH-IJKL-MNOP'];
    const codes = [' fresh-one-1111 ', fresh[1]!, fresh[2]!, ' dupe-aaaa-bbbb-cccc', 'bad key!'];
    const res = await t.call('POST', `/api/seller/offers/${offer.id}/keys`, {
      token: a.token,
      body: { codes },
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    for (const code of [...codes, ...fresh]) {
      expect(text.toUpperCase()).not.toContain(code.trim().toUpperCase());
    }
    // Another seller's code and a malformed one are both just "rejected".
    expect(KeyUploadResultSchema.parse(JSON.parse(text))).toEqual({
      accepted: 3,
      duplicates: 0,
      rejected: 2,
      stock: 3,
    });

    const mine = await t.call('GET', `/api/seller/offers/${offer.id}`, { token: a.token });
    expect(SellerOfferSchema.parse(await mine.json()).stock).toBe(3);
    const product = await productDoc(t.db, productId);
    expect(product).toMatchObject({ eurMin: 1999, eurMax: 2500, usdMin: 2159, gbpMin: 1719 });

    const stored = await t.db
      .collection<KeyDoc>('keys')
      .find({ offerId: new ObjectId(offer.id) })
      .toArray();
    expect(stored).toHaveLength(3);
    for (const key of stored) {
      expect(key).toMatchObject({ status: 'available', sellerId: a.sellerId, source: 'upload' });
      expect(fresh).not.toContain(key.secret);
      expect(fresh.some((code) => key.secret.includes(code))).toBe(false);
    }
    // Trimmed, case kept: a case-sensitive code reaches its buyer as the seller wrote it.
    expect(stored.map((k) => t.vault.decrypt(k.secret)).sort()).toEqual([...fresh].sort());
  });

  it('counts codes repeated within an upload or uploaded before as duplicates', async () => {
    const offer = await sell(t, a, await newProduct(t.db));
    const first = await t.call('POST', `/api/seller/offers/${offer.id}/keys`, {
      token: a.token,
      body: { codes: ['REPEAT-0001', 'repeat-0001', 'REPEAT-0002'] },
    });
    expect(KeyUploadResultSchema.parse(await first.json())).toEqual({
      accepted: 2,
      duplicates: 1,
      rejected: 0,
      stock: 2,
    });
    const again = await t.call('POST', `/api/seller/offers/${offer.id}/keys`, {
      token: a.token,
      body: { codes: ['REPEAT-0002', 'REPEAT-0003'] },
    });
    expect(KeyUploadResultSchema.parse(await again.json())).toEqual({
      accepted: 1,
      duplicates: 1,
      rejected: 0,
      stock: 3,
    });
  });

  it('refuses an empty upload and one that is not a list of strings', async () => {
    const offer = await sell(t, a, await newProduct(t.db));
    const empty = await t.call('POST', `/api/seller/offers/${offer.id}/keys`, {
      token: a.token,
      body: { codes: [] },
    });
    expect(empty.status).toBe(400);
    expect(ApiErrorSchema.parse(await empty.json()).errors).toHaveProperty('codes');
    const numbers = await t.call('POST', `/api/seller/offers/${offer.id}/keys`, {
      token: a.token,
      body: { codes: [12345] },
    });
    expect(numbers.status).toBe(400);
  });

  it("answers 404 for another seller's offer and stores nothing", async () => {
    const offer = await sell(t, a, await newProduct(t.db));
    const res = await t.call('POST', `/api/seller/offers/${offer.id}/keys`, {
      token: b.token,
      body: { codes: ['INTRUDER-0001'] },
    });
    expect(res.status).toBe(404);
    expect(
      await t.db
        .collection('keys')
        .countDocuments({ sellerId: b.sellerId, offerId: new ObjectId(offer.id) }),
    ).toBe(0);
    expect(
      await t.db.collection<KeyDoc>('keys').countDocuments({ hash: t.vault.hash('INTRUDER-0001') }),
    ).toBe(0);
  });
});
