import { ObjectId } from 'mongodb';
import type { DataProvider } from 'ra-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminOfferSchema,
  ApiErrorSchema,
  AuditEntrySchema,
  ExchangeRateSchema,
  MaskedKeySchema,
  TextKeyCodeSchema,
  SellerOfferSchema,
} from '@market/shared';
import { maskKeyCode } from '../src/modules/keys/key-mask.ts';
import { freshCodes, newProduct, productDoc, sell, uploadKeys } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { raClient } from './ra-client.ts';

let t: TestServer;
let admin: TestAccount;
let a: TestAccount;
let b: TestAccount;
let ra: DataProvider;

beforeAll(async () => {
  t = await startTestServer();
  [admin, a, b] = await Promise.all([t.account('admin'), t.account('seller'), t.account('seller')]);
  ra = raClient(t.url, 'admin', admin.token);
});
afterAll(() => t.close());

/** A live offer of `seller` on a new product, with `codes` uploaded. */
async function offerWithKeys(seller: TestAccount, codes: string[], eur = 1999, name?: string) {
  const productId = await newProduct(t.db, { name });
  const offer = await sell(t, seller, productId, { eur });
  await uploadKeys(t, seller, offer.id, codes);
  return { offer, productId };
}

/** The admin key rows of an offer, with their codes (from the database) to match them by. */
async function keysOf(offerId: string) {
  const { data } = await ra.getList('keys', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'createdAt', order: 'ASC' },
    filter: { offerId },
  });
  return MaskedKeySchema.array().parse(data);
}

async function codeOf(keyId: string): Promise<string> {
  const doc = await t.db.collection('keys').findOne({ _id: new ObjectId(keyId) });
  return t.vault.decrypt(doc!['secret'] as string);
}

describe('GET /api/admin/offers', () => {
  it("lists every seller's offers with names, prices, stock and key counts", async () => {
    const productId = await newProduct(t.db, { name: 'Lantern Keep' });
    const mine = await offerWithKeys(a, freshCodes(3), 1500, 'Lantern Keep');
    await t.call('POST', '/api/seller/offers', {
      token: b.token,
      body: { productId, prices: { eur: 2500, usd: 3000 } },
    });

    // The list sorts by date only (an index per filter); a price sort is refused, not ignored.
    await expect(
      ra.getList('offers', {
        pagination: { page: 1, perPage: 500 },
        sort: { field: 'prices.eur', order: 'ASC' },
        filter: {},
      }),
    ).rejects.toMatchObject({ status: 400 });
    const { data, total } = await ra.getList('offers', {
      pagination: { page: 1, perPage: 500 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    const rows = AdminOfferSchema.array().parse(data);
    expect(total).toBe(rows.length);
    const row = rows.find((r) => r.id === mine.offer.id)!;
    expect(row).toMatchObject({
      productName: 'Lantern Keep',
      sellerId: a.sellerId,
      sellerName: a.sellerId,
      prices: { eur: 1500, usd: 1620, gbp: 1290 },
      convertedCurrencies: ['usd', 'gbp'],
      stock: 3,
      keyCounts: { available: 3, reserved: 0, sold: 0, refunded: 0, revoked: 0 },
    });
    // Newest first: the other seller's offer, made after this one, comes before it.
    const ids = rows.map((r) => r.id);
    const theirs = rows.find((r) => r.productId === productId && r.sellerId === b.sellerId)!;
    expect(ids.indexOf(theirs.id)).toBeLessThan(ids.indexOf(mine.offer.id));

    const bOnProduct = await ra.getList('offers', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { productId, sellerId: b.sellerId },
    });
    expect(bOnProduct.total).toBe(1);
    expect(AdminOfferSchema.parse(bOnProduct.data[0])).toMatchObject({
      prices: { eur: 2500, usd: 3000 },
      convertedCurrencies: ['gbp'],
      stock: 0,
      keyCounts: { available: 0 },
    });
  });

  it('answers getOne and getMany, and 404 for an unknown offer', async () => {
    const one = await offerWithKeys(a, freshCodes(1));
    const two = await offerWithKeys(b, freshCodes(2));
    const { data } = await ra.getOne('offers', { id: one.offer.id });
    expect(AdminOfferSchema.parse(data).keyCounts.available).toBe(1);
    const many = await ra.getMany('offers', { ids: [one.offer.id, two.offer.id] });
    expect(many.data.map((o) => o.id).sort()).toEqual([one.offer.id, two.offer.id].sort());
    const res = await t.call('GET', `/api/admin/offers/${new ObjectId().toHexString()}`, {
      token: admin.token,
    });
    expect(res.status).toBe(404);
    expect((await t.call('GET', '/api/admin/offers/nope', { token: admin.token })).status).toBe(
      404,
    );
  });

  it('refuses an unknown status filter with a field error', async () => {
    const filter = encodeURIComponent(JSON.stringify({ status: 'sold' }));
    const res = await t.call('GET', `/api/admin/offers?filter=${filter}`, { token: admin.token });
    expect(res.status).toBe(400);
    expect(ApiErrorSchema.parse(await res.json()).errors).toHaveProperty(['filter.status']);
  });
});

describe('PUT /api/admin/offers/:id', () => {
  it("hides an offer: off the product's price range, and audited", async () => {
    const productId = await newProduct(t.db);
    const cheap = await t.call('POST', '/api/seller/offers', {
      token: a.token,
      body: { productId, prices: { eur: 900 } },
    });
    const cheapOffer = SellerOfferSchema.parse(await cheap.json());
    await t.call('POST', `/api/seller/offers/${cheapOffer.id}/keys`, {
      token: a.token,
      body: { codes: freshCodes(1) },
    });
    const dear = await t.call('POST', '/api/seller/offers', {
      token: b.token,
      body: { productId, prices: { eur: 1900 } },
    });
    const dearOffer = SellerOfferSchema.parse(await dear.json());
    await t.call('POST', `/api/seller/offers/${dearOffer.id}/keys`, {
      token: b.token,
      body: { codes: freshCodes(1) },
    });
    expect((await productDoc(t.db, productId))?.eurMin).toBe(900);

    const { data: previous } = await ra.getOne('offers', { id: cheapOffer.id });
    const { data } = await ra.update('offers', {
      id: cheapOffer.id,
      data: { ...previous, status: 'hidden' },
      previousData: previous,
    });
    expect(AdminOfferSchema.parse(data)).toMatchObject({
      status: 'hidden',
      prices: { eur: 900, usd: 972, gbp: 774 },
      // The prices sent back unchanged stay converted.
      convertedCurrencies: ['usd', 'gbp'],
    });
    expect(await productDoc(t.db, productId)).toMatchObject({ eurMin: 1900, eurMax: 1900 });

    const audit = await ra.getList('audit-log', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'at', order: 'DESC' },
      filter: { action: 'offer.update', targetId: cheapOffer.id },
    });
    expect(audit.total).toBe(1);
    expect(AuditEntrySchema.parse(audit.data[0])).toMatchObject({
      actor: { uid: admin.uid, email: admin.email },
      target: { type: 'offer', id: cheapOffer.id },
    });

    // A seller cannot lift the marketplace's decision.
    const lift = await t.call('PUT', `/api/seller/offers/${cheapOffer.id}`, {
      token: a.token,
      body: { status: 'active' },
    });
    expect(lift.status).toBe(409);
  });

  it('refuses a status that is not an offer status and prices that are not cents', async () => {
    const { offer } = await offerWithKeys(a, freshCodes(1));
    const res = await t.call('PUT', `/api/admin/offers/${offer.id}`, {
      token: admin.token,
      body: { status: 'sold', prices: { eur: 0 } },
    });
    expect(res.status).toBe(400);
    const { errors } = ApiErrorSchema.parse(await res.json());
    expect(errors).toHaveProperty('status');
    expect(errors).toHaveProperty(['prices.eur']);
  });

  it('answers 404 for an unknown offer', async () => {
    const res = await t.call('PUT', `/api/admin/offers/${new ObjectId().toHexString()}`, {
      token: admin.token,
      body: { status: 'hidden' },
    });
    expect(res.status).toBe(404);
  });
});

describe('GET /api/admin/keys', () => {
  it('lists keys masked, with their product, and never a code', async () => {
    const codes = freshCodes(3);
    const { offer, productId } = await offerWithKeys(a, codes, 1999, 'Moonlit Harbor');
    const rows = await keysOf(offer.id);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatchObject({
        offerId: offer.id,
        productId,
        productName: 'Moonlit Harbor',
        sellerId: a.sellerId,
        status: 'available',
      });
      // The one mask (key-mask.ts): at most a fifth of the code's letters and digits.
      const code = await codeOf(row.id);
      expect(row.masked).toBe(maskKeyCode(code));
      const shown = row.masked.replace('•••• •••• •••• ', '');
      expect(shown.length).toBeLessThanOrEqual(code.replace(/-/g, '').length / 5);
    }

    const filter = encodeURIComponent(JSON.stringify({ productId }));
    const raw = await t.call('GET', `/api/admin/keys?filter=${filter}&range=[0,499]`, {
      token: admin.token,
    });
    const text = await raw.text();
    for (const code of codes) expect(text).not.toContain(code);
    const one = await t.call('GET', `/api/admin/keys/${rows[0]!.id}`, { token: admin.token });
    for (const code of codes) expect(await one.clone().text()).not.toContain(code);
    expect(MaskedKeySchema.parse(await one.json()).id).toBe(rows[0]!.id);
  });

  it('filters by status and seller, and answers getMany', async () => {
    const { offer } = await offerWithKeys(b, freshCodes(2));
    const [first, second] = await keysOf(offer.id);
    await t.call('POST', `/api/admin/keys/${first!.id}/revoke`, {
      token: admin.token,
      body: { reason: 'Reported as used' },
    });
    const revoked = await ra.getList('keys', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { offerId: offer.id, status: 'revoked', sellerId: b.sellerId },
    });
    expect(revoked.total).toBe(1);
    expect(revoked.data[0]!.id).toBe(first!.id);
    const many = await ra.getMany('keys', { ids: [first!.id, second!.id] });
    expect(many.data).toHaveLength(2);
  });

  it('refuses an unknown status filter, and answers 404 for an unknown key', async () => {
    const filter = encodeURIComponent(JSON.stringify({ status: 'lost' }));
    const bad = await t.call('GET', `/api/admin/keys?filter=${filter}`, { token: admin.token });
    expect(bad.status).toBe(400);
    expect(ApiErrorSchema.parse(await bad.json()).errors).toHaveProperty(['filter.status']);
    const res = await t.call('GET', `/api/admin/keys/${new ObjectId().toHexString()}`, {
      token: admin.token,
    });
    expect(res.status).toBe(404);
  });
});

describe('POST /api/admin/keys/:id/reveal', () => {
  it('answers the code and records who revealed it, why and from where', async () => {
    const codes = freshCodes(2);
    const { offer } = await offerWithKeys(a, codes);
    const [key] = await keysOf(offer.id);
    const res = await t.call('POST', `/api/admin/keys/${key!.id}/reveal`, {
      token: admin.token,
      body: { reason: '  Buyer says the key does not work  ' },
    });
    expect(res.status).toBe(200);
    const { code } = TextKeyCodeSchema.parse(await res.json());
    expect(code).toBe(await codeOf(key!.id));
    expect(codes).toContain(code);
    // Only a sold key is marked seen (a refund then revokes it): this one stays on sale.
    const doc = await t.db.collection('keys').findOne({ _id: new ObjectId(key!.id) });
    expect(doc).toMatchObject({ status: 'available' });
    expect(doc).not.toHaveProperty('revealedByAdminAt');

    const audit = await ra.getList('audit-log', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'at', order: 'DESC' },
      filter: { action: 'key.reveal', targetId: key!.id },
    });
    expect(audit.total).toBe(1);
    const entry = AuditEntrySchema.parse(audit.data[0]);
    expect(entry).toMatchObject({
      actor: { uid: admin.uid, email: admin.email },
      action: 'key.reveal',
      target: { type: 'key', id: key!.id },
      reason: 'Buyer says the key does not work',
    });
    expect(entry.requestId).toBeTruthy();
    expect(entry.ip).toBeTruthy();
    expect(JSON.stringify(audit.data)).not.toContain(code);

    const { data: shown } = await ra.getOne('audit-log', { id: entry.id });
    expect(shown).toEqual(entry);
    const byActor = await ra.getList('audit-log', {
      pagination: { page: 1, perPage: 500 },
      sort: { field: 'at', order: 'DESC' },
      filter: { actorUid: admin.uid },
    });
    expect(byActor.data.map((e) => e.id)).toContain(entry.id);
    const many = await ra.getMany('audit-log', { ids: [entry.id] });
    expect(many.data).toEqual([entry]);
  });

  it('refuses a missing or too short reason and records no reveal', async () => {
    const { offer } = await offerWithKeys(a, freshCodes(1));
    const [key] = await keysOf(offer.id);
    for (const body of [{}, { reason: ' x ' }, { reason: 'y'.repeat(201) }]) {
      const res = await t.call('POST', `/api/admin/keys/${key!.id}/reveal`, {
        token: admin.token,
        body,
      });
      expect(res.status).toBe(400);
      expect(ApiErrorSchema.parse(await res.json()).errors).toHaveProperty('reason');
    }
    // No reveal is recorded; the audit trail keeps the three refused attempts.
    const entries = await t.db.collection('auditLog').find({ 'target.id': key!.id }).toArray();
    expect(entries.map((e) => [e.action, e.details?.outcome])).toEqual(
      Array.from({ length: 3 }, () => ['record.action', 'refused']),
    );
  });

  it('answers 404 for an unknown key', async () => {
    const res = await t.call('POST', `/api/admin/keys/${new ObjectId().toHexString()}/reveal`, {
      token: admin.token,
      body: { reason: 'Checking a complaint' },
    });
    expect(res.status).toBe(404);
  });
});

describe('POST /api/admin/keys/:id/revoke', () => {
  it("revokes an available key: stock, key counts and the product's prices follow", async () => {
    const { offer, productId } = await offerWithKeys(a, freshCodes(2), 1200);
    const [first, second] = await keysOf(offer.id);
    const res = await t.call('POST', `/api/admin/keys/${first!.id}/revoke`, {
      token: admin.token,
      body: { reason: 'Leaked on a forum' },
    });
    expect(res.status).toBe(200);
    expect(MaskedKeySchema.parse(await res.json()).status).toBe('revoked');
    const { data } = await ra.getOne('offers', { id: offer.id });
    expect(AdminOfferSchema.parse(data)).toMatchObject({
      stock: 1,
      keyCounts: { available: 1, revoked: 1 },
    });
    expect((await productDoc(t.db, productId))?.eurMin).toBe(1200);

    await t.call('POST', `/api/admin/keys/${second!.id}/revoke`, {
      token: admin.token,
      body: { reason: 'Leaked on a forum' },
    });
    // No key left: the offer is out of stock and the product has no price.
    expect((await productDoc(t.db, productId))?.eurMin).toBeNull();

    const audit = await ra.getList('audit-log', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'at', order: 'DESC' },
      filter: { action: 'key.revoke', targetId: first!.id },
    });
    expect(AuditEntrySchema.parse(audit.data[0]).reason).toBe('Leaked on a forum');
  });

  it('answers 409 for a key that is not available', async () => {
    const { offer } = await offerWithKeys(a, freshCodes(1));
    const [key] = await keysOf(offer.id);
    const body = { reason: 'Duplicate report' };
    const first = await t.call('POST', `/api/admin/keys/${key!.id}/revoke`, {
      token: admin.token,
      body,
    });
    expect(first.status).toBe(200);
    const again = await t.call('POST', `/api/admin/keys/${key!.id}/revoke`, {
      token: admin.token,
      body,
    });
    expect(again.status).toBe(409);
  });

  it('refuses a missing reason, and answers 404 for an unknown key', async () => {
    const { offer } = await offerWithKeys(a, freshCodes(1));
    const [key] = await keysOf(offer.id);
    const bad = await t.call('POST', `/api/admin/keys/${key!.id}/revoke`, {
      token: admin.token,
      body: {},
    });
    expect(bad.status).toBe(400);
    const res = await t.call('POST', `/api/admin/keys/${new ObjectId().toHexString()}/revoke`, {
      token: admin.token,
      body: { reason: 'Leaked on a forum' },
    });
    expect(res.status).toBe(404);
  });
});

describe('/api/admin/exchange-rates', () => {
  it('lists both rates, shows one, and refuses a rate out of range', async () => {
    const { data, total } = await ra.getList('exchange-rates', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(total).toBe(2);
    expect(
      ExchangeRateSchema.array()
        .parse(data)
        .map((r) => [r.id, r.rate]),
    ).toEqual([
      ['gbp', 0.86],
      ['usd', 1.08],
    ]);
    const { data: usd } = await ra.getOne('exchange-rates', { id: 'usd' });
    expect(ExchangeRateSchema.parse(usd)).toMatchObject({ id: 'usd', rate: 1.08, updatedBy: null });
    const many = await ra.getMany('exchange-rates', { ids: ['gbp'] });
    expect(many.data.map((r) => r.id)).toEqual(['gbp']);

    for (const rate of [0, -1, 1000.5, 'abc']) {
      const res = await t.call('PUT', '/api/admin/exchange-rates/usd', {
        token: admin.token,
        body: { rate },
      });
      expect(res.status).toBe(400);
      expect(ApiErrorSchema.parse(await res.json()).errors).toHaveProperty('rate');
    }
    const eur = await t.call('PUT', '/api/admin/exchange-rates/eur', {
      token: admin.token,
      body: { rate: 1 },
    });
    expect(eur.status).toBe(404);
  });

  it('records who set a rate', async () => {
    const { data } = await ra.update('exchange-rates', {
      id: 'gbp',
      data: { id: 'gbp', rate: 0.86 },
      previousData: { id: 'gbp' },
    });
    expect(ExchangeRateSchema.parse(data)).toMatchObject({ rate: 0.86, updatedBy: admin.uid });
    const audit = await ra.getList('audit-log', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'at', order: 'DESC' },
      filter: { action: 'exchangeRate.update', targetId: 'gbp' },
    });
    expect(AuditEntrySchema.parse(audit.data[0]).details).toMatchObject({ from: 0.86, to: 0.86 });
  });
});

describe('admin offers, keys, rates and audit log: access', () => {
  const paths = [
    ['GET', '/api/admin/offers'],
    ['GET', '/api/admin/keys'],
    ['GET', '/api/admin/exchange-rates'],
    ['GET', '/api/admin/audit-log'],
    ['POST', `/api/admin/keys/${new ObjectId().toHexString()}/reveal`],
    ['PUT', '/api/admin/exchange-rates/usd'],
  ] as const;

  it('is closed to guests (401), and to sellers and buyers (403)', async () => {
    const buyer = await t.tokenFor('user');
    for (const [method, path] of paths) {
      const body = method === 'GET' ? undefined : { reason: 'Just curious', rate: 2 };
      expect((await t.call(method, path, { body })).status).toBe(401);
      expect((await t.call(method, path, { token: a.token, body })).status).toBe(403);
      expect((await t.call(method, path, { token: buyer, body })).status).toBe(403);
    }
  });
});

describe('/api/seller/keys', () => {
  it("lists only the seller's own keys, masked, filtered by offer and status", async () => {
    const codes = freshCodes(2);
    const mine = await offerWithKeys(a, codes);
    const theirs = await offerWithKeys(b, freshCodes(1));
    const seller = raClient(t.url, 'seller', a.token);
    const { data, total } = await seller.getList('keys', {
      pagination: { page: 1, perPage: 500 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    const rows = MaskedKeySchema.array().parse(data);
    expect(total).toBe(rows.length);
    expect(rows.every((r) => r.sellerId === a.sellerId)).toBe(true);
    expect(rows.map((r) => r.offerId)).toContain(mine.offer.id);
    expect(rows.map((r) => r.offerId)).not.toContain(theirs.offer.id);
    for (const code of codes) expect(JSON.stringify(data)).not.toContain(code);

    const filtered = await seller.getList('keys', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { offerId: mine.offer.id, status: 'available' },
    });
    expect(filtered.total).toBe(2);
    // Filtering by another seller's offer finds nothing.
    const foreign = await seller.getList('keys', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { offerId: theirs.offer.id },
    });
    expect(foreign.total).toBe(0);

    // The key list's offer filter names its offer through getMany; another's is not found.
    const offers = await seller.getMany('offers', { ids: [mine.offer.id, theirs.offer.id] });
    expect(offers.data.map((o) => o.id)).toEqual([mine.offer.id]);
  });

  it("answers 404 for another seller's key, and cannot revoke it", async () => {
    const theirs = await offerWithKeys(b, freshCodes(1));
    const [key] = await keysOf(theirs.offer.id);
    expect((await t.call('GET', `/api/seller/keys/${key!.id}`, { token: a.token })).status).toBe(
      404,
    );
    const revoke = await t.call('POST', `/api/seller/keys/${key!.id}/revoke`, {
      token: a.token,
      body: {},
    });
    expect(revoke.status).toBe(404);
    const [after] = await keysOf(theirs.offer.id);
    expect(after!.status).toBe('available');
  });

  it('revokes an own available key; its stock follows; 409 the second time', async () => {
    const mine = await offerWithKeys(a, freshCodes(2));
    const seller = raClient(t.url, 'seller', a.token);
    const { data } = await seller.getList('keys', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { offerId: mine.offer.id },
    });
    const id = String(data[0]!.id);
    const res = await t.call('POST', `/api/seller/keys/${id}/revoke`, { token: a.token, body: {} });
    expect(res.status).toBe(200);
    const { data: offer } = await raClient(t.url, 'seller', a.token).getOne('offers', {
      id: mine.offer.id,
    });
    expect(offer['stock']).toBe(1);
    const again = await t.call('POST', `/api/seller/keys/${id}/revoke`, {
      token: a.token,
      body: {},
    });
    expect(again.status).toBe(409);
    const { data: key } = await seller.getOne('keys', { id });
    expect(MaskedKeySchema.parse(key).status).toBe('revoked');
  });

  it('is closed to guests and buyers, and to admins', async () => {
    expect((await t.call('GET', '/api/seller/keys')).status).toBe(401);
    expect((await t.call('GET', '/api/seller/keys', { token: admin.token })).status).toBe(403);
  });
});
