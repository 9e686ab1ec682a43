import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, transactionId } from '@market/shared';
import { freshCodes, newProduct, sell, uploadKeys } from './fixtures.ts';
import { buyerWith } from './checkout-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

let t: TestServer;
let seller: TestAccount;
let productId: string;

beforeAll(async () => {
  // One unpaid order per buyer, so an address may hold four (HOLDS_PER_ADDRESS).
  t = await startTestServer({ env: { ORDER_HOLD_MAX_ORDERS: '1', TRUST_PROXY: 'true' } });
  seller = await t.account('seller');
  productId = await newProduct(t.db);
  const offer = await sell(t, seller, productId);
  await uploadKeys(t, seller, offer.id, freshCodes(10));
});
afterAll(() => t.close());

/** The buyer's checkout, from `address`. */
const checkoutFrom = (buyer: TestAccount, address: string) =>
  fetch(`${t.url}/api/user/checkout`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${buyer.token}`,
      'x-forwarded-for': address,
    },
    body: JSON.stringify({ provider: 'paypal', currency: 'eur', locale: 'en' }),
  });

const heldBack = async (res: Response) => {
  expect(res.status).toBe(429);
  expect(ApiErrorSchema.parse(await res.json()).message).toMatch(/Unpaid orders/);
};

describe('unpaid orders holding keys', () => {
  it("caps the buyer's and the address's unpaid orders, each counted on its own", async () => {
    const buyers = [];
    for (let i = 0; i < 5; i++)
      buyers.push(await buyerWith(t, seller, [{ productId, quantity: 1 }]));
    // Four buyers behind one address each hold an unpaid order: the address's four.
    for (const buyer of buyers.slice(0, 4)) {
      expect((await checkoutFrom(buyer, '198.51.100.7')).status).toBe(201);
    }
    // A fifth buyer there waits until one of them pays or cancels; from elsewhere it buys.
    await heldBack(await checkoutFrom(buyers[4]!, '198.51.100.7'));
    expect((await checkoutFrom(buyers[4]!, '203.0.113.9')).status).toBe(201);
    // A buyer holding an unpaid order is held back from any address.
    const again = await t.call('POST', '/api/cart/addToCart', {
      token: buyers[0]!.token,
      body: {
        transactionId: transactionId(),
        products: [{ productId, quantity: 1, sellerId: seller.sellerId }],
      },
    });
    expect(again.status).toBe(200);
    await heldBack(await checkoutFrom(buyers[0]!, '192.0.2.1'));
  });
});
