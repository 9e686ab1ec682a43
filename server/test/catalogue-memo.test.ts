import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueSearchResultSchema, ProductSalesSchema } from '@market/shared';
import { freshCodes, newProduct, sell, uploadKeys } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

/*
 * The public catalogue calls are answered from memory between writes (catalogue-memo.ts): each
 * write that changes what they show must show at the very next call.
 */
let t: TestServer;
let seller: TestAccount;

beforeAll(async () => {
  t = await startTestServer();
  seller = await t.account('seller');
});
afterAll(() => t.close());

async function salesOf(productId: string) {
  const res = await t.call('POST', '/api/public/products/info-multiple-sales', {
    body: { productIdList: [productId], currency: 'eur' },
  });
  expect(res.status).toBe(200);
  return ProductSalesSchema.array().parse(await res.json())[0]!;
}

async function search(categoryId: string) {
  const res = await t.call('POST', '/api/public/products/search', {
    body: { categoryId, sort: 'price_asc' },
  });
  expect(res.status).toBe(200);
  return CatalogueSearchResultSchema.parse(await res.json());
}

const updateOffer = (offerId: string, body: Record<string, unknown>) =>
  t.call('PUT', `/api/seller/offers/${offerId}`, { token: seller.token, body });

describe('public catalogue answers kept between writes', () => {
  it('shows a price change, a stock-out and a new offer at the next call', async () => {
    const productId = await newProduct(t.db, { categoryId: 'softwares' });
    expect((await salesOf(productId)).sales).toEqual([]);

    const offer = await sell(t, seller, productId, { eur: 1500 });
    await uploadKeys(t, seller, offer.id, freshCodes(2));
    expect((await salesOf(productId)).sales[0]).toMatchObject({ inStock: true });
    await salesOf(productId); // answered from memory

    expect((await updateOffer(offer.id, { prices: { eur: 1250 } })).status).toBe(200);
    expect((await salesOf(productId)).prices.eur.min).toBe(1250);

    expect((await updateOffer(offer.id, { status: 'paused' })).status).toBe(200);
    expect((await salesOf(productId)).inStock).toBe(false);
  });

  it('shows a catalogue edit and a new product in search at the next call', async () => {
    const before = await search('cards');
    await search('cards'); // answered from memory
    const productId = await newProduct(t.db, { categoryId: 'cards' });
    const after = await search('cards');
    expect(after.total).toBe(before.total + 1);
    expect(after.items.map((p) => p.id)).toContain(productId);

    await t.db
      .collection('products')
      .updateOne({ _id: new ObjectId(productId) }, { $set: { 'name.en': 'Renamed Card' } });
    const renamed = (await search('cards')).items.find((p) => p.id === productId);
    expect(renamed?.name).toBe('Renamed Card');
  });
});
