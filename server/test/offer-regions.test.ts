import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activatesIn,
  activationRegionOf,
  AdminOrderSchema,
  ApiErrorSchema,
  CartSchema,
  ProductSalesSchema,
  SellerOfferSchema,
  SellerSupplierConnectionSchema,
  transactionId,
  UpdateCartProductsResultSchema,
  type ActivationRegion,
} from '@market/shared';
import { giveOffersTheirProductsRegion } from '../src/modules/offers/offer-regions.ts';
import { createOfferRepository, type OfferDoc } from '../src/modules/offers/offers.repository.ts';
import { createProductRepository } from '../src/modules/products/products.repository.ts';
import {
  startWockSandbox,
  WOCK_SANDBOX_CREDENTIALS,
  type WockSandbox,
} from '../src/sandboxes/suppliers/wock/index.ts';
import { paidWithPaypal, settledOrder } from './checkout-fixtures.ts';
import { freshCodes, newProduct, sell, uploadKeys } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

/**
 * Will it activate for me? (docs/regions.md): offers carry the region their keys activate in,
 * the cart refuses a key that does not activate in the buyer's country unless they confirm it,
 * and the confirmation goes on to the order the admin reads.
 */

describe('the region table', () => {
  it.each<[ActivationRegion, string, boolean]>([
    ['Global', 'IT', true],
    ['Global', 'US', true],
    ['ROW', 'IT', false],
    ['ROW', 'DE', false],
    ['ROW', 'GB', false],
    ['ROW', 'NO', false],
    ['ROW', 'US', true],
    ['ROW', 'BR', true],
    ['ROW', 'TR', true],
    ['EU', 'IT', true],
    ['EU', 'NO', true],
    ['EU', 'GB', false],
    ['EU', 'US', false],
    ['UK', 'GB', true],
    ['UK', 'IE', false],
    ['US', 'US', true],
    ['US', 'PR', true],
    ['US', 'CA', false],
    ['NA', 'CA', true],
    ['NA', 'MX', false],
    ['LATAM', 'MX', true],
    ['LATAM', 'ES', false],
  ])('a %s key in %s: %s', (region, country, activates) => {
    expect(activatesIn(region, country)).toBe(activates);
  });

  it.each<[string[], ActivationRegion | null]>([
    [['WORLDWIDE'], 'Global'],
    [['Region free'], 'Global'],
    [['EU'], 'EU'],
    [['Europe'], 'EU'],
    [['UK'], 'UK'],
    [['USA'], 'US'],
    [['US', 'CA'], 'NA'],
    [['North America'], 'NA'],
    [['LATAM'], 'LATAM'],
    [['ROW'], 'ROW'],
    [['Rest of the World'], 'ROW'],
    // Two regions together: the widest the report fully covers, never more.
    [['ROW', 'EU', 'UK'], 'Global'],
    [['EU', 'US'], 'EU'],
    // Country codes (PrepaidForge): only a region every country of which is listed.
    [['US', 'PR', 'GU', 'VI', 'AS', 'MP', 'UM'], 'US'],
    [['DE', 'AT'], null],
    [[], null],
    [['Atlantis'], null],
  ])('a supplier reporting %j: %s', (reported, region) => {
    expect(activationRegionOf(reported)).toBe(region);
  });
});

let t: TestServer;
let wock: WockSandbox;
let sandboxDir: string;
let seller: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  sandboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wock-regions-'));
  wock = await startWockSandbox({ port: 0, dir: sandboxDir, productCount: 10 });
  t = await startTestServer({ env: { SUPPLIER_WOCK_URL: wock.url } });
  [seller, other] = await Promise.all([t.account('seller'), t.account('seller')]);
});
afterAll(async () => {
  await t.close();
  await wock.close();
  fs.rmSync(sandboxDir, { recursive: true, force: true });
});

/** A Global product: `seller` sells ROW keys (the cheaper), `other` the product's own. */
async function mixedProduct(name: string) {
  const productId = await newProduct(t.db, { name });
  const row = await sell(t, seller, productId, { eur: 900 }, { region: 'ROW' });
  await uploadKeys(t, seller, row.id, freshCodes(3));
  const global = await sell(t, other, productId, { eur: 1500 });
  await uploadKeys(t, other, global.id, freshCodes(3));
  return { productId, row, global };
}

const add = (buyer: TestAccount, products: object[], country?: string) =>
  t.call('POST', '/api/cart/addToCart', {
    token: buyer.token,
    body: { transactionId: transactionId(), products, ...(country && { country }) },
  });

describe('an offer’s region', () => {
  it('is the product’s unless the seller says, and buyers see it on each sale', async () => {
    const { productId, row, global } = await mixedProduct('Region Probe Sales');
    expect(row.region).toBe('ROW');
    expect(global.region).toBe('Global');
    const res = await t.call('POST', '/api/public/products/info-multiple-sales', {
      body: { productIdList: [productId], locale: 'en', currency: 'eur' },
    });
    const [sales] = ProductSalesSchema.array().parse(await res.json());
    expect(sales!.sales.map((s) => [s.offerId, s.region])).toEqual([
      [row.id, 'ROW'],
      [global.id, 'Global'],
    ]);
  });

  it('follows the seller’s change', async () => {
    const { global } = await mixedProduct('Region Probe Change');
    const res = await t.call('PUT', `/api/seller/offers/${global.id}`, {
      token: other.token,
      body: { region: 'EU' },
    });
    expect(res.status).toBe(200);
    expect(SellerOfferSchema.parse(await res.json()).region).toBe('EU');
  });

  it('of a supplier’s keys is the region the supplier reports', async () => {
    const wockSeller = await t.account('seller');
    const connected = await t.call('POST', '/api/seller/supplier-connections', {
      token: wockSeller.token,
      body: { supplier: 'wock', label: 'Wock', credentials: WOCK_SANDBOX_CREDENTIALS },
    });
    expect(connected.status).toBe(201);
    const connectionId = SellerSupplierConnectionSchema.parse(await connected.json()).id;
    const sku = wock.stockroom.visibleProducts()[0]!.sku;
    // As the catalogue import reads it: Wock says the key is for Europe.
    await t.db.collection('supplierProducts').updateOne(
      { supplier: 'wock', sku },
      {
        $set: { supplierRegions: ['Europe'], region: 'ROW', name: 'Probe', gone: false },
        $setOnInsert: { _id: new ObjectId(), createdAt: new Date() },
      },
      { upsert: true },
    );
    const productId = await newProduct(t.db, { name: 'Region Probe Supplier' });
    const res = await t.call('POST', '/api/seller/offers', {
      token: wockSeller.token,
      body: {
        productId,
        source: {
          kind: 'supplier',
          connectionId,
          sku,
          mode: 'onDemand',
          stockCap: 5,
          costCeiling: 100_000,
          pricing: { marginPercent: 40, marginFixedCents: 50, rounding: 'none' },
        },
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(SellerOfferSchema.parse(await res.json()).region).toBe('EU');
  });

  it('of an offer from before regions is set to its product’s by the migration', async () => {
    const productId = await newProduct(t.db, { name: 'Region Probe Migration', region: 'ROW' });
    const offers = t.db.collection<OfferDoc>('offers');
    const old = await sell(t, seller, productId, { eur: 1000 });
    await offers.updateOne({ _id: new ObjectId(old.id) }, { $unset: { region: '' } });
    // Read as the product's meanwhile.
    const before = await t.call('GET', `/api/seller/offers/${old.id}`, { token: seller.token });
    expect(SellerOfferSchema.parse(await before.json()).region).toBe('ROW');
    expect(
      await giveOffersTheirProductsRegion({
        offers: createOfferRepository(t.db),
        products: createProductRepository(t.db),
      }),
    ).toBe(true);
    expect((await offers.findOne({ _id: new ObjectId(old.id) }))?.region).toBe('ROW');
  });
});

describe('the cart and the buyer’s country', () => {
  it('refuses a key that does not activate in the buyer’s country until they confirm it', async () => {
    const { productId } = await mixedProduct('Region Probe Cart');
    const buyer = await t.account('user');
    const line = { productId, sellerId: seller.sellerId, quantity: 1 };

    const refused = await add(buyer, [line], 'IT');
    expect(refused.status).toBe(409);
    const error = ApiErrorSchema.parse(await refused.json());
    expect(error.code).toBe('REGION_NOT_CONFIRMED');
    expect(error.errors?.['products.0.regionConfirmed']).toMatch(/not in IT/);
    const empty = CartSchema.parse(
      await (await t.call('GET', '/api/cart/get', { token: buyer.token })).json(),
    );
    expect(empty.products).toEqual([]);

    // The product's own keys activate in Italy: no question asked, nothing recorded.
    const global = await add(buyer, [{ productId, sellerId: other.sellerId }], 'IT');
    expect(global.status).toBe(200);
    expect(CartSchema.parse(await global.json()).products[0]!.regionConfirmed).toBeUndefined();

    const before = Date.now();
    const confirmed = await add(buyer, [{ ...line, regionConfirmed: { country: 'IT' } }], 'IT');
    expect(confirmed.status).toBe(200);
    const cart = CartSchema.parse(await confirmed.json());
    const kept = cart.products.find((p) => p.sellerId === seller.sellerId)!;
    expect(kept.regionConfirmed?.country).toBe('IT');
    expect(Date.parse(kept.regionConfirmed!.at)).toBeGreaterThanOrEqual(before - 1000);

    // The cart page saves the lines back as it has them: the confirmation stays as it was.
    const saved = await t.call('POST', '/api/user/cart/updateCartProducts', {
      token: buyer.token,
      body: { products: cart.products, country: 'IT' },
    });
    expect(saved.status).toBe(200);
    const again = UpdateCartProductsResultSchema.parse(await saved.json()).updatedResult;
    expect(again.products.find((p) => p.sellerId === seller.sellerId)?.regionConfirmed).toEqual(
      kept.regionConfirmed,
    );
  });

  it('lets a buyer where the key activates add it without a question', async () => {
    const { productId } = await mixedProduct('Region Probe US');
    const buyer = await t.account('user');
    const res = await add(buyer, [{ productId, sellerId: seller.sellerId }], 'US');
    expect(res.status).toBe(200);
    expect(CartSchema.parse(await res.json()).products[0]!.regionConfirmed).toBeUndefined();
  });

  it('refuses a new line the cart page sends without a confirmation, and a confirmation for another country', async () => {
    const { productId } = await mixedProduct('Region Probe Replace');
    const buyer = await t.account('user');
    const line = { productId, sellerId: seller.sellerId, quantity: 1 };
    const replace = (products: object[]) =>
      t.call('POST', '/api/user/cart/updateCartProducts', {
        token: buyer.token,
        body: { products, country: 'FR' },
      });
    const refused = await replace([line]);
    expect(refused.status).toBe(409);
    expect(ApiErrorSchema.parse(await refused.json()).code).toBe('REGION_NOT_CONFIRMED');
    const elsewhere = await replace([{ ...line, regionConfirmed: { country: 'IT' } }]);
    expect(elsewhere.status).toBe(409);
    expect((await replace([{ ...line, regionConfirmed: { country: 'FR' } }])).status).toBe(200);
  });

  it('records the confirmation on the order, which the admin sees', async () => {
    const { productId } = await mixedProduct('Region Probe Order');
    const buyer = await t.account('user');
    const res = await add(
      buyer,
      [{ productId, sellerId: seller.sellerId, regionConfirmed: { country: 'DE' } }],
      'DE',
    );
    expect(res.status).toBe(200);
    const confirmation = CartSchema.parse(await res.json()).products[0]!.regionConfirmed!;
    const orderId = await paidWithPaypal(t, buyer);
    const order = await settledOrder(t, buyer, orderId);
    expect(order.items[0]!.regionConfirmed).toEqual(confirmation);
    const admin = await t.account('admin');
    const adminView = await t.call('GET', `/api/admin/orders/${orderId}`, { token: admin.token });
    expect(AdminOrderSchema.parse(await adminView.json()).items[0]!.regionConfirmed).toEqual({
      country: 'DE',
      at: confirmation.at,
    });
  });

  it('screens a paid order by its offer’s region, not its product’s', async () => {
    // A ROW product sold as EU keys: a German buyer paying from Germany gets keys that activate.
    const productId = await newProduct(t.db, { name: 'Region Probe Screening', region: 'ROW' });
    const offer = await sell(t, seller, productId, { eur: 1100 }, { region: 'EU' });
    await uploadKeys(t, seller, offer.id, freshCodes(2));
    const buyer = await t.account('user');
    expect((await add(buyer, [{ productId, sellerId: seller.sellerId }], 'DE')).status).toBe(200);
    const orderId = await paidWithPaypal(t, buyer, { billingCountry: 'DE' });
    const order = await settledOrder(t, buyer, orderId);
    expect(order.status).toBe('approved');
  });
});
