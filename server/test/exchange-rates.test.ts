import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminOfferSchema, SellerOfferSchema } from '@market/shared';
import {
  createProductRepository,
  type ProductDoc,
} from '../src/modules/products/products.repository.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

let t: TestServer;
let admin: TestAccount;
let seller: TestAccount;

beforeAll(async () => {
  t = await startTestServer();
  [admin, seller] = await Promise.all([t.account('admin'), t.account('seller')]);
});
afterAll(() => t.close());

function call(method: string, path: string, token: string, body?: unknown) {
  return fetch(t.url + path, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

let n = 0;
async function newProduct(): Promise<string> {
  const now = new Date();
  const doc = await createProductRepository(t.db).upsertBySlug({
    slug: `rate-probe-${n++}`,
    categoryId: 'games',
    brand: 'Northwind Games',
    platform: 'steam',
    region: 'Global',
    type: 'key',
    name: { en: 'Rate Probe', it: 'Sonda' },
    description: { en: 'A probe', it: 'Una sonda' },
    images: [],
    tags: [],
    eurMin: null,
    eurMax: null,
    usdMin: null,
    usdMax: null,
    gbpMin: null,
    gbpMax: null,
    createdAt: now,
    updatedAt: now,
  });
  return doc!._id.toHexString();
}

/** A live offer (one key in stock) with the given input prices. */
async function liveOffer(productId: string, prices: Record<string, number>, owner = seller) {
  const res = await call('POST', '/api/seller/offers', owner.token, { productId, prices });
  expect(res.status).toBe(201);
  const offer = SellerOfferSchema.parse(await res.json());
  const upload = await call('POST', `/api/seller/offers/${offer.id}/keys`, owner.token, {
    codes: [`RATE-${process.pid}-${n++}-KEY`],
  });
  expect(upload.status).toBe(200);
  return offer;
}

const setRate = (id: string, rate: number) =>
  call('PUT', `/api/admin/exchange-rates/${id}`, admin.token, { rate });

async function offerNow(id: string) {
  const res = await call('GET', `/api/admin/offers/${id}`, admin.token);
  return AdminOfferSchema.parse(await res.json());
}

const productDoc = (id: string) =>
  t.db.collection<ProductDoc>('products').findOne({ _id: new ObjectId(id) });

describe('exchange rates and offer prices', () => {
  it('prices a EUR-only offer in USD and GBP at the current rates, rounded to cents', async () => {
    expect((await setRate('usd', 1.1234)).status).toBe(200);
    const offer = await liveOffer(await newProduct(), { eur: 1999 });
    // 19.99 × 1.1234 = 22.456766 → 22.46; 19.99 × 0.86 = 17.1914 → 17.19
    expect(offer.prices).toEqual({ eur: 1999, usd: 2246, gbp: 1719 });
    expect((await setRate('usd', 1.08)).status).toBe(200);
  });

  it("re-prices converted offers only, and moves the product's USD range with them", async () => {
    const productId = await newProduct();
    const converted = await liveOffer(productId, { eur: 1000 });
    const other = await t.account('seller');
    const fixed = await liveOffer(productId, { eur: 2000, usd: 2500 }, other);
    expect(await productDoc(productId)).toMatchObject({ usdMin: 1080, usdMax: 2500 });

    const res = await setRate('usd', 1.25);
    expect(res.status).toBe(200);

    expect((await offerNow(converted.id)).prices).toEqual({ eur: 1000, usd: 1250, gbp: 860 });
    // The USD price its seller set does not move; its GBP price was converted and stays so.
    expect((await offerNow(fixed.id)).prices).toEqual({ eur: 2000, usd: 2500, gbp: 1720 });
    expect(await productDoc(productId)).toMatchObject({ usdMin: 1250, usdMax: 2500 });

    const gbp = await setRate('gbp', 0.9);
    expect(gbp.status).toBe(200);
    expect((await offerNow(fixed.id)).prices).toEqual({ eur: 2000, usd: 2500, gbp: 1800 });
    expect(await productDoc(productId)).toMatchObject({ gbpMin: 900, gbpMax: 1800 });
  });

  it('an offer whose seller then sets the price stops following the rate', async () => {
    const productId = await newProduct();
    const offer = await liveOffer(productId, { eur: 1000 });
    const edit = await call('PUT', `/api/seller/offers/${offer.id}`, seller.token, {
      prices: { eur: 1000, usd: 1999 },
    });
    expect(edit.status).toBe(200);
    await setRate('usd', 1.5);
    expect((await offerNow(offer.id)).prices.usd).toBe(1999);
  });
});
