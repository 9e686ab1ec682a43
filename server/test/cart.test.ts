import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CartSchema,
  CartSummarySchema,
  UpdateCartProductsResultSchema,
  type Cart,
} from '@market/shared';
import { expectFieldErrors, freshCodes, newProduct, sell, uploadKeys } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

let t: TestServer;
let seller: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  t = await startTestServer({ env: { VAT_RATE_BPS: '2200' } });
  [seller, other] = await Promise.all([t.account('seller'), t.account('seller')]);
});
afterAll(() => t.close());

/** A product `seller` sells at these prices with `keys` keys; its id and the offer's id. */
async function offer(name: string, keys = 3, prices = { eur: 1220, usd: 1400, gbp: 1100 }) {
  const productId = await newProduct(t.db, { name });
  const created = await sell(t, seller, productId, prices);
  if (keys) await uploadKeys(t, seller, created.id, freshCodes(keys));
  return { productId, offerId: created.id };
}

let tx = 0;
const transactionId = () => `${Date.now().toString(36)}${(tx++).toString(36)}`;

async function addToCart(token: string, products: unknown[], id = transactionId()) {
  const res = await t.call('POST', '/api/cart/addToCart', {
    token,
    body: { transactionId: id, products },
  });
  expect(res.status).toBe(200);
  return CartSchema.parse(await res.json());
}

async function getCart(token: string): Promise<Cart> {
  const res = await t.call('GET', '/api/cart/get', { token });
  expect(res.status).toBe(200);
  return CartSchema.parse(await res.json());
}

describe('the cart calls', () => {
  it('answer 401 to a guest: a guest’s cart stays in the browser', async () => {
    for (const [method, path] of [
      ['GET', '/api/cart/get'],
      ['POST', '/api/cart/addToCart'],
      ['POST', '/api/cart/updateCartSummary'],
      ['POST', '/api/user/cart/updateCartProducts'],
    ] as const) {
      const res = await t.call(method, path, { body: method === 'POST' ? {} : undefined });
      expect(res.status, path).toBe(401);
    }
  });
});

describe('GET /api/cart/get', () => {
  it('answers an empty cart to a buyer who never added anything', async () => {
    const user = await t.account('user');
    expect(await getCart(user.token)).toMatchObject({
      id: user.uid,
      products: [],
      quantityTotal: 0,
      recentItem: null,
      addedFromCartPage: false,
    });
  });

  it('saves a line whose offer ran out at quantity 0, flagged out of stock', async () => {
    const user = await t.account('user');
    const { productId, offerId } = await offer('Ember Drift');
    await addToCart(user.token, [{ productId, sellerId: seller.sellerId, quantity: 2 }]);
    const paused = await t.call('PUT', `/api/seller/offers/${offerId}`, {
      token: seller.token,
      body: { status: 'paused' },
    });
    expect(paused.status).toBe(200);

    const cart = await getCart(user.token);
    expect(cart.products).toEqual([
      expect.objectContaining({ productId, quantity: 0, outOfStock: true, price: 12.2 }),
    ]);
    expect(cart.quantityTotal).toBe(0);
    const stored = await t.db.collection('carts').findOne({ _id: user.uid as never });
    expect(stored?.products[0]).toMatchObject({ quantity: 0, outOfStock: true });
  });

  it('shows a product renamed since it was added, though products are kept in memory', async () => {
    const user = await t.account('user');
    const { productId } = await offer('Hollow Tide');
    await addToCart(user.token, [{ productId, sellerId: seller.sellerId }]);
    expect((await getCart(user.token)).products[0]!.name).toBe('Hollow Tide');
    // A sale moving its stock keeps the product in memory; editing the product drops it.
    await t.db
      .collection('products')
      .updateOne(
        { _id: new ObjectId(productId) },
        { $set: { 'name.en': 'Hollow Tide: Remastered' } },
      );
    expect((await getCart(user.token)).products[0]!.name).toBe('Hollow Tide: Remastered');
  });
});

describe('POST /api/cart/addToCart', () => {
  it('prices lines from the live offer, ignoring the price and name the client sent', async () => {
    const user = await t.account('user');
    const { productId } = await offer('Northern Lights Saga');
    const cart = await addToCart(user.token, [
      {
        productId,
        sellerId: seller.sellerId,
        quantity: 1,
        currency: 'eur',
        price: 0.01,
        name: 'Free stuff',
        isZeroVat: true,
      },
    ]);
    const line = {
      productId,
      sellerId: seller.sellerId,
      quantity: 1,
      price: 12.2,
      currency: 'eur',
      isZeroVat: false,
      name: 'Northern Lights Saga',
      outOfStock: false,
    };
    expect(cart).toMatchObject({ products: [line], quantityTotal: 1, recentItem: line });
  });

  it('turns quantity 0 into 1 and adds units to a line already there', async () => {
    const user = await t.account('user');
    const { productId } = await offer('Quiet Harbour', 5);
    await addToCart(user.token, [{ productId, sellerId: seller.sellerId, quantity: 0 }]);
    const cart = await addToCart(user.token, [
      { productId, sellerId: seller.sellerId, quantity: 2 },
    ]);
    expect(cart.products).toHaveLength(1);
    expect(cart.products[0]!.quantity).toBe(3);
    expect(cart.quantityTotal).toBe(3);
  });

  it('never asks for more units than the offer has keys', async () => {
    const user = await t.account('user');
    const { productId } = await offer('Scarce Copies', 2);
    const cart = await addToCart(user.token, [
      { productId, sellerId: seller.sellerId, quantity: 9 },
    ]);
    expect(cart.products[0]!.quantity).toBe(2);
  });

  it('adds nothing twice when the same transaction is sent again', async () => {
    const user = await t.account('user');
    const { productId } = await offer('Retry Road', 5);
    const id = transactionId();
    const line = { productId, sellerId: seller.sellerId, quantity: 1 };
    await addToCart(user.token, [line], id);
    const again = await addToCart(user.token, [line], id);
    expect(again.quantityTotal).toBe(1);
  });

  it('merges a guest cart on sign-in: lines already there add up, new ones are appended', async () => {
    const user = await t.account('user');
    const a = await offer('Merge A', 5);
    const b = await offer('Merge B', 5);
    await addToCart(user.token, [{ productId: a.productId, sellerId: seller.sellerId }]);
    const merged = await addToCart(user.token, [
      { productId: a.productId, sellerId: seller.sellerId, quantity: 2, currency: 'eur' },
      { productId: b.productId, sellerId: seller.sellerId, quantity: 1, currency: 'eur' },
    ]);
    expect(merged.products.map((l) => [l.name, l.quantity])).toEqual([
      ['Merge A', 3],
      ['Merge B', 1],
    ]);
  });

  it('keeps an offer that has no keys at quantity 0, out of stock', async () => {
    const user = await t.account('user');
    const { productId } = await offer('Sold Out Saga', 0);
    const cart = await addToCart(user.token, [{ productId, sellerId: seller.sellerId }]);
    expect(cart.recentItem).toMatchObject({ quantity: 0, outOfStock: true });
  });

  it('answers 404 when no line names a known product', async () => {
    const user = await t.account('user');
    const res = await t.call('POST', '/api/cart/addToCart', {
      token: user.token,
      body: {
        transactionId: transactionId(),
        products: [{ productId: '0123456789abcdef01234567', sellerId: seller.sellerId }],
      },
    });
    expect(res.status).toBe(404);
  });

  it('answers 400 with field errors for a bad line', async () => {
    const user = await t.account('user');
    const res = await t.call('POST', '/api/cart/addToCart', {
      token: user.token,
      body: { transactionId: 'no spaces!', products: [{ productId: 'x', quantity: -1 }] },
    });
    await expectFieldErrors(res, 400, [
      'transactionId',
      'products.0.productId',
      'products.0.sellerId',
      'products.0.quantity',
    ]);
  });
});

describe('POST /api/user/cart/updateCartProducts', () => {
  it('replaces the lines and answers success with the cart as saved', async () => {
    const user = await t.account('user');
    const a = await offer('Replace A', 5);
    const b = await offer('Replace B', 5);
    await addToCart(user.token, [{ productId: a.productId, sellerId: seller.sellerId }]);
    const res = await t.call('POST', '/api/user/cart/updateCartProducts', {
      token: user.token,
      body: { products: [{ productId: b.productId, sellerId: seller.sellerId, quantity: 4 }] },
    });
    expect(res.status).toBe(200);
    const body = UpdateCartProductsResultSchema.parse(await res.json());
    expect(body.success).toBe(true);
    expect(body.updatedResult.products).toEqual([
      expect.objectContaining({ productId: b.productId, quantity: 4, name: 'Replace B' }),
    ]);
    expect((await getCart(user.token)).quantityTotal).toBe(4);
  });

  it('empties the cart with no lines', async () => {
    const user = await t.account('user');
    const { productId } = await offer('Empty Me');
    await addToCart(user.token, [{ productId, sellerId: seller.sellerId }]);
    const res = await t.call('POST', '/api/user/cart/updateCartProducts', {
      token: user.token,
      body: { products: [] },
    });
    expect(res.status).toBe(200);
    expect((await getCart(user.token)).products).toEqual([]);
  });

  it('answers 400 to more than 99 units of a line', async () => {
    const user = await t.account('user');
    const res = await t.call('POST', '/api/user/cart/updateCartProducts', {
      token: user.token,
      body: { products: [{ productId: '0123456789abcdef01234567', sellerId: 's', quantity: 100 }] },
    });
    await expectFieldErrors(res, 400, ['products.0.quantity']);
  });
});

describe('POST /api/cart/updateCartSummary', () => {
  it('totals the lines in the asked currency with the VAT they include, none on zero-VAT', async () => {
    const user = await t.account('user');
    const standard = await offer('Standard Rate', 5);
    const zeroProduct = await newProduct(t.db, { name: 'Zero Rate' });
    const zero = await sell(t, other, zeroProduct, { eur: 1000, usd: 1200, gbp: 900 });
    await uploadKeys(t, other, zero.id, freshCodes(2));
    const res = await t.call('PUT', `/api/seller/offers/${zero.id}`, {
      token: other.token,
      body: { zeroVat: true },
    });
    expect(res.status).toBe(200);

    const summary = await t.call('POST', '/api/cart/updateCartSummary', {
      token: user.token,
      body: {
        currency: 'eur',
        products: [
          { productId: standard.productId, sellerId: seller.sellerId, quantity: 2, price: 1 },
          { productId: zeroProduct, sellerId: other.sellerId, quantity: 1 },
        ],
      },
    });
    expect(summary.status).toBe(200);
    const body = CartSummarySchema.parse(await summary.json());
    expect(body).toMatchObject({
      currency: 'eur',
      quantityTotal: 3,
      subtotalCents: 3440,
      discountCents: 0,
      vatIncludedCents: 440,
      totalCents: 3440,
      coupon: null,
    });
    expect(body.lines.map((l) => [l.name, l.unitCents, l.isZeroVat, l.vatIncludedCents])).toEqual([
      ['Standard Rate', 1220, false, 440],
      ['Zero Rate', 1000, true, 0],
    ]);
  });

  it('prices in USD when asked, and shows out-of-stock lines at 0', async () => {
    const user = await t.account('user');
    const live = await offer('Dollar Deal', 5);
    const gone = await offer('Gone Deal', 0);
    const res = await t.call('POST', '/api/cart/updateCartSummary', {
      token: user.token,
      body: {
        currency: 'usd',
        products: [
          { productId: live.productId, sellerId: seller.sellerId, quantity: 1 },
          { productId: gone.productId, sellerId: seller.sellerId, quantity: 1 },
        ],
      },
    });
    const body = CartSummarySchema.parse(await res.json());
    expect(body.totalCents).toBe(1400);
    expect(body.lines[1]).toMatchObject({ quantity: 0, outOfStock: true, lineCents: 0 });
  });

  it('reports an unknown coupon without failing the summary', async () => {
    const user = await t.account('user');
    const { productId } = await offer('Coupon Probe', 5);
    const res = await t.call('POST', '/api/cart/updateCartSummary', {
      token: user.token,
      body: {
        currency: 'eur',
        couponCode: 'NOPE-NOPE',
        products: [{ productId, sellerId: seller.sellerId }],
      },
    });
    const body = CartSummarySchema.parse(await res.json());
    expect(body.coupon).toEqual({ code: 'NOPE-NOPE', valid: false, reason: 'unknown' });
    expect(body.totalCents).toBe(1220);
  });

  it('answers 400 without a currency', async () => {
    const user = await t.account('user');
    const res = await t.call('POST', '/api/cart/updateCartSummary', {
      token: user.token,
      body: { products: [] },
    });
    await expectFieldErrors(res, 400, ['currency']);
  });
});
