import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutStartedSchema, OrderSchema, ProductSalesSchema } from '@market/shared';
import { createLedgerRepository } from '../src/modules/ledger/ledger.repository.ts';
import { freshCodes, newProduct, productDoc, sell, uploadKeys } from './fixtures.ts';
import { buyerWith, checkout, settledOrder } from './checkout-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { clickButton } from './payments-helpers.ts';

let t: TestServer;
let admin: TestAccount;

beforeAll(async () => {
  t = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  admin = await t.account('admin');
});
afterAll(() => t.close());

const decide = (seller: TestAccount, decision: 'suspend' | 'approve') =>
  t.call('POST', `/api/admin/sellers/${seller.sellerId}/${decision}`, {
    token: admin.token,
    body: { reason: decision === 'suspend' ? 'Keys reported as stolen' : '' },
  });

/** The sellers whose offers the storefront shows for the product, cheapest first. */
async function sellersOn(productId: string) {
  const res = await t.call('POST', '/api/public/products/info-multiple-sales', {
    body: { productIdList: [productId], locale: 'en', currency: 'eur' },
  });
  expect(res.status).toBe(200);
  const [sales] = ProductSalesSchema.array().parse(await res.json());
  return sales?.sales.map((s) => s.sellerId) ?? [];
}

describe('a seller who loses their standing', () => {
  it('stops selling at once and sells again, as before, when reinstated', async () => {
    const [cheap, other] = await Promise.all([t.account('seller'), t.account('seller')]);
    const productId = await newProduct(t.db);
    const pausedProductId = await newProduct(t.db);
    const cheapOffer = await sell(t, cheap, productId, { eur: 999 });
    await uploadKeys(t, cheap, cheapOffer.id, freshCodes(3));
    const otherOffer = await sell(t, other, productId, { eur: 1500 });
    await uploadKeys(t, other, otherOffer.id, freshCodes(3));
    // An offer the seller paused themselves stays paused through suspension and reinstatement.
    const paused = await sell(t, cheap, pausedProductId, { eur: 500 });
    await uploadKeys(t, cheap, paused.id, freshCodes(1));
    const pause = await t.call('PUT', `/api/seller/offers/${paused.id}`, {
      token: cheap.token,
      body: { status: 'paused' },
    });
    expect(pause.status).toBe(200);
    const buyer = await buyerWith(t, cheap, [{ productId, quantity: 1 }]);

    expect(await sellersOn(productId)).toEqual([cheap.sellerId, other.sellerId]);
    expect((await decide(cheap, 'suspend')).status).toBe(200);

    expect(await sellersOn(productId)).toEqual([other.sellerId]);
    expect((await productDoc(t.db, productId))?.eurMin).toBe(1500);
    const refused = await checkout(t, buyer, 'paypal');
    expect(refused.status).toBe(409);

    expect((await decide(cheap, 'approve')).status).toBe(200);
    expect(await sellersOn(productId)).toEqual([cheap.sellerId, other.sellerId]);
    expect((await productDoc(t.db, productId))?.eurMin).toBe(999);
    expect(await sellersOn(pausedProductId)).toEqual([]);
    const pausedOffer = await t.db.collection('offers').findOne({ _id: new ObjectId(paused.id) });
    expect(pausedOffer).toMatchObject({ status: 'paused', sellerSuspended: false });
  });

  it('delivers an order paid before the suspension but credits the seller nothing', async () => {
    const seller = await t.account('seller');
    const productId = await newProduct(t.db);
    const offer = await sell(t, seller, productId, { eur: 1200 });
    await uploadKeys(t, seller, offer.id, freshCodes(2));
    const buyer = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
    const started = await checkout(t, buyer, 'paypal');
    expect(started.status).toBe(201);
    const { orderId, approvalUrl } = CheckoutStartedSchema.parse(await started.json());

    expect((await decide(seller, 'suspend')).status).toBe(200);
    expect((await clickButton(approvalUrl, 'Pay now')).status).toBe(303);
    const completed = await t.call('POST', `/api/user/checkout/${orderId}/complete`, {
      token: buyer.token,
      body: { cancelled: false },
    });
    expect(OrderSchema.parse(await completed.json()).status).toBe('approved');

    const order = await settledOrder(t, buyer, orderId);
    expect(order.items[0]?.deliveredCount).toBe(1);
    const ledger = createLedgerRepository(t.db);
    const [sale] = await ledger.ofOrder(new ObjectId(orderId));
    // Net of the default commission (5 % + 30 cents: 1200 − 60 − 30), withheld all the same.
    expect(sale).toMatchObject({
      type: 'sale',
      amountCents: 1110,
      commissionCents: 90,
      held: true,
    });
    expect(
      await ledger.sums(new Date(Date.now() + 30 * 86_400_000), 'available', seller.sellerId!),
    ).toEqual([]);
  });
});
