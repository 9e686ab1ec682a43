import { ObjectId } from 'mongodb';
import type { DataProvider } from 'ra-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CheckoutStartedSchema,
  CouponSchema,
  ORDER_REASONS,
  OrderSchema,
  transactionId,
} from '@market/shared';
import { orderCoupons } from '../src/modules/checkout/order-coupons.ts';
import {
  createCouponRepository,
  type RedemptionDoc,
} from '../src/modules/coupons/coupons.repository.ts';
import type { OrderDoc } from '../src/modules/orders/order-doc.ts';
import { freshCodes, newProduct, sell, uploadKeys } from './fixtures.ts';
import { buyerWith, checkout, serviceContainer } from './checkout-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { clickButton } from './payments-helpers.ts';
import { raClient } from './ra-client.ts';

let t: TestServer;
let admin: DataProvider;
let seller: TestAccount;

beforeAll(async () => {
  t = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  const [adminAccount, s] = await Promise.all([t.account('admin'), t.account('seller')]);
  admin = raClient(t.url, 'admin', adminAccount.token);
  seller = s;
});
afterAll(() => t.close());

let serial = 0;
/** A 10% coupon each buyer may use once. */
async function singleUseCoupon() {
  const { data } = await admin.create('coupons', {
    data: {
      code: `ONCE${process.pid}X${serial++}`,
      kind: 'percent',
      percentBps: 1000,
      perUserLimit: 1,
    },
  });
  return CouponSchema.parse(data);
}
const usedCount = async (id: string) => (await admin.getOne('coupons', { id })).data.usedCount;

/** The app's own coupon service. */
const couponService = () => t.container.couponService;
const redemptionsOf = (couponId: string) =>
  t.db
    .collection<RedemptionDoc>('couponRedemptions')
    .find({ couponId: new ObjectId(couponId) })
    .sort({ slot: 1 })
    .toArray();
const orderDoc = async (id: string) =>
  (await t.db.collection<OrderDoc>('orders').findOne({ _id: new ObjectId(id) }))!;

async function onSale(stock: number) {
  const productId = await newProduct(t.db, { categoryId: 'games' });
  const offer = await sell(t, seller, productId, { eur: 2000, usd: 2000, gbp: 2000 });
  await uploadKeys(t, seller, offer.id, freshCodes(stock));
  return productId;
}

async function addToCart(buyer: TestAccount, productId: string) {
  const res = await t.call('POST', '/api/cart/addToCart', {
    token: buyer.token,
    body: {
      transactionId: transactionId(),
      products: [{ productId, quantity: 1, sellerId: seller.sellerId }],
    },
  });
  expect(res.status).toBe(200);
}

/** Starts a PayPal checkout with the coupon; answers the order id and the approval page. */
async function checkoutWith(buyer: TestAccount, couponCode: string) {
  const res = await checkout(t, buyer, 'paypal', { couponCode });
  expect(res.status).toBe(201);
  return CheckoutStartedSchema.parse(await res.json());
}

describe('a coupon use goes back when its order ends undelivered', () => {
  it('lets the buyer use a single-use coupon again after cancelling the payment', async () => {
    const coupon = await singleUseCoupon();
    const productId = await onSale(3);
    const buyer = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
    const first = await checkoutWith(buyer, coupon.code);
    expect(await usedCount(coupon.id)).toBe(1);

    await clickButton(first.approvalUrl, 'Cancel and return to the shop');
    const res = await t.call('POST', `/api/user/checkout/${first.orderId}/complete`, {
      token: buyer.token,
      body: { cancelled: true },
    });
    expect(OrderSchema.parse(await res.json()).status).toBe('cancelled');
    expect(await usedCount(coupon.id)).toBe(0);
    expect(await redemptionsOf(coupon.id)).toEqual([]);
    expect((await orderDoc(first.orderId)).couponReleaseDue).toBeUndefined();

    await addToCart(buyer, productId);
    const second = await checkoutWith(buyer, coupon.code);
    expect((await orderDoc(second.orderId)).couponCode).toBe(coupon.code);
    expect(await usedCount(coupon.id)).toBe(1);
  });

  it('gives the use back on the expiry job’s recovery when a crash came after the decision', async () => {
    const coupon = await singleUseCoupon();
    const productId = await onSale(1);
    const buyer = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
    const { orderId } = await checkoutWith(buyer, coupon.code);
    const working = orderCoupons(couponService());
    // The process dies between writing the decision and giving the use back.
    const crashing = serviceContainer(t, {
      coupons: { ...working, release: () => Promise.reject(new Error('process died')) },
    }).orderService;
    await crashing.decide(await orderDoc(orderId), 'cancelled', {
      actor: 'System',
      reason: ORDER_REASONS.autoCancelled,
    });
    expect((await orderDoc(orderId)).couponReleaseDue).toBe(true);
    expect(await usedCount(coupon.id)).toBe(1);

    const later = new Date(Date.now() + 60 * 60_000);
    const swept = await serviceContainer(t, { coupons: working }).orderService.expireReservations(
      later,
    );
    expect(swept.couponsReleased).toBeGreaterThanOrEqual(1);
    expect(await usedCount(coupon.id)).toBe(0);
    expect(await redemptionsOf(coupon.id)).toEqual([]);
    expect((await orderDoc(orderId)).couponReleaseDue).toBeUndefined();
  });
});

describe('release (the coupon service)', () => {
  it('changes nothing when called twice, or after a crash between its two writes', async () => {
    const coupon = await singleUseCoupon();
    const coupons = couponService();
    expect(await coupons.redeem(coupon.code, 'buyer-a', 'order-a')).toMatchObject({ ok: true });
    expect(await coupons.redeem(coupon.code, 'buyer-b', 'order-b')).toMatchObject({ ok: true });
    await coupons.release('order-a');
    await coupons.release('order-a');
    expect(await usedCount(coupon.id)).toBe(1);

    // A crash after the total went down: the slot is still there, the next call only frees it.
    await createCouponRepository(t.db).uncountUse(new ObjectId(coupon.id), 'order-b', new Date());
    expect(await usedCount(coupon.id)).toBe(0);
    await coupons.release('order-b');
    expect(await usedCount(coupon.id)).toBe(0);
    expect(await redemptionsOf(coupon.id)).toEqual([]);
    // An order that never used a coupon has nothing to give back.
    await coupons.release('order-never');
  });

  it('gives a buyer the lowest free slot after a use in the middle went back', async () => {
    const { data } = await admin.create('coupons', {
      data: {
        code: `TWICE${process.pid}X${serial++}`,
        kind: 'percent',
        percentBps: 500,
        perUserLimit: 2,
      },
    });
    const coupon = CouponSchema.parse(data);
    const coupons = couponService();
    await coupons.redeem(coupon.code, 'buyer', 'slot-0');
    await coupons.redeem(coupon.code, 'buyer', 'slot-1');
    expect(await coupons.redeem(coupon.code, 'buyer', 'third')).toEqual({
      ok: false,
      reason: 'user_limit',
    });
    await coupons.release('slot-0');
    expect(await coupons.redeem(coupon.code, 'buyer', 'again')).toMatchObject({ ok: true });
    expect((await redemptionsOf(coupon.id)).map((r) => [r.slot, r.orderId])).toEqual([
      [0, 'again'],
      [1, 'slot-1'],
    ]);
    expect(await usedCount(coupon.id)).toBe(2);
    expect(await coupons.redeem(coupon.code, 'buyer', 'fourth')).toEqual({
      ok: false,
      reason: 'user_limit',
    });
  });
});
