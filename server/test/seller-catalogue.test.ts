import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SellerCatalogueProductSchema } from '@market/shared';
import { newProduct, sell } from './fixtures.ts';
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

describe('GET /api/seller/products', () => {
  it("marks the caller's own offer on each product, not another seller's", async () => {
    const sold = await newProduct(t.db, { name: 'Orbit Runner Deluxe' });
    const other = await newProduct(t.db, { name: 'Orbit Runner Lite', platform: 'gog' });
    const offer = await sell(t, a, sold);
    await sell(t, b, other);

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
    const id = await newProduct(t.db, { name: 'Velvet Circuit' });
    const offer = await sell(t, b, id);
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
    const id = await newProduct(t.db, { name: 'Read Only' });
    const res = await t.call('PUT', `/api/seller/products/${id}`, {
      token: a.token,
      body: { name: 'Renamed' },
    });
    expect(res.status).toBe(404);
    const buyer = await t.tokenFor('user');
    const list = await t.call('GET', '/api/seller/products', { token: buyer });
    expect(list.status).toBe(403);
  });
});
