import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SellerCatalogueProductSchema, SellerOfferSchema } from '@market/shared';
import { createProductRepository } from '../src/modules/products/products.repository.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { raClient } from './ra-client.ts';

let t: TestServer;
let a: TestAccount;
let b: TestAccount;

beforeAll(async () => {
  t = await startTestServer();
  [a, b] = await Promise.all([t.account('seller'), t.account('seller')]);
});
afterAll(() => t.close());

let n = 0;
async function newProduct(name: string, platform = 'steam'): Promise<string> {
  const now = new Date();
  const doc = await createProductRepository(t.db).upsertBySlug({
    slug: `catalogue-probe-${n++}`,
    categoryId: 'games',
    brand: 'Northwind Games',
    platform,
    region: 'Global',
    type: 'key',
    name: { en: name, it: `${name} IT` },
    description: { en: '', it: '' },
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

async function sell(seller: TestAccount, productId: string) {
  const res = await fetch(`${t.url}/api/seller/offers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${seller.token}` },
    body: JSON.stringify({ productId, prices: { eur: 1500 } }),
  });
  expect(res.status).toBe(201);
  return SellerOfferSchema.parse(await res.json());
}

describe('GET /api/seller/products', () => {
  it("marks the caller's own offer on each product, not another seller's", async () => {
    const sold = await newProduct('Orbit Runner Deluxe');
    const other = await newProduct('Orbit Runner Lite', 'gog');
    const offer = await sell(a, sold);
    await sell(b, other);

    const list = await raClient(t.url, 'seller', a.token).getList('products', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name.en', order: 'ASC' },
      filter: { q: 'orbit runner' },
    });
    expect(list.total).toBe(2);
    expect(SellerCatalogueProductSchema.array().parse(list.data)).toEqual([
      {
        id: sold,
        name: 'Orbit Runner Deluxe',
        categoryId: 'games',
        platform: 'steam',
        region: 'Global',
        type: 'key',
        prices: { eur: null, usd: null, gbp: null },
        myOfferId: offer.id,
      },
      expect.objectContaining({ id: other, myOfferId: null }),
    ]);

    const onGog = await raClient(t.url, 'seller', a.token).getList('products', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name.en', order: 'ASC' },
      filter: { q: 'orbit runner', platform: 'gog', categoryId: 'games' },
    });
    expect(onGog.data.map((p) => p.id)).toEqual([other]);
  });

  it('answers getOne and getMany with myOfferId', async () => {
    const id = await newProduct('Velvet Circuit');
    const offer = await sell(b, id);
    const client = raClient(t.url, 'seller', b.token);
    expect((await client.getOne('products', { id })).data).toMatchObject({
      id,
      myOfferId: offer.id,
    });
    const many = await client.getMany('products', { ids: [id] });
    expect(many.data).toEqual([expect.objectContaining({ id, myOfferId: offer.id })]);
    const fromA = await raClient(t.url, 'seller', a.token).getOne('products', { id });
    expect(fromA.data.myOfferId).toBeNull();
  });

  it('is read-only and closed to buyers', async () => {
    const id = await newProduct('Read Only');
    const res = await fetch(`${t.url}/api/seller/products/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${a.token}` },
      body: JSON.stringify({ name: 'Renamed' }),
    });
    expect(res.status).toBe(404);
    const buyer = await t.tokenFor('user');
    const list = await fetch(`${t.url}/api/seller/products`, {
      headers: { authorization: `Bearer ${buyer}` },
    });
    expect(list.status).toBe(403);
  });
});
