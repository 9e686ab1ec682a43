import { ObjectId } from 'mongodb';
import type { DataProvider } from 'ra-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CouponSchema,
  CouponVerifyResultSchema,
  type CouponRefusal,
  type CouponWrite,
} from '@market/shared';
import { createCartPricing } from '../src/modules/cart/cart-pricing.ts';
import { createCouponRepository } from '../src/modules/coupons/coupons.repository.ts';
import { createCouponService } from '../src/modules/coupons/coupons.service.ts';
import { createOfferRepository } from '../src/modules/offers/offers.repository.ts';
import { createProductRepository } from '../src/modules/products/products.repository.ts';
import {
  expectFieldErrors,
  freshCodes,
  newProduct,
  rejection,
  sell,
  uploadKeys,
} from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { raClient } from './ra-client.ts';

let t: TestServer;
let admin: DataProvider;
let seller: TestAccount;
let buyer: TestAccount;

beforeAll(async () => {
  t = await startTestServer();
  const [adminAccount, s, b] = await Promise.all([
    t.account('admin'),
    t.account('seller'),
    t.account('user'),
  ]);
  admin = raClient(t.url, 'admin', adminAccount.token);
  seller = s;
  buyer = b;
});
afterAll(() => t.close());

let serial = 0;
const code = (prefix = 'SAVE') => `${prefix}${process.pid}X${serial++}`;

const percent = (bps: number, extra: Partial<CouponWrite> = {}) => ({
  code: code(),
  kind: 'percent' as const,
  percentBps: bps,
  ...extra,
});

async function createCoupon(data: object) {
  const { data: created } = await admin.create('coupons', { data });
  return CouponSchema.parse(created);
}

/** A product `seller` sells at 20.00 EUR with keys; a purchase line for it. */
async function line(quantity = 1, categoryId: 'games' | 'softwares' = 'games') {
  const productId = await newProduct(t.db, { categoryId });
  const offer = await sell(t, seller, productId, { eur: 2000, usd: 2200, gbp: 1800 });
  await uploadKeys(t, seller, offer.id, freshCodes(3));
  return { productId, sellerId: seller.sellerId!, quantity, currency: 'eur' as const };
}

async function verify(couponCode: string, purchases: unknown[], token = buyer.token) {
  const res = await t.call('POST', '/api/user/coupons/verify', {
    token,
    body: { couponCode, purchases },
  });
  expect(res.status).toBe(200);
  return CouponVerifyResultSchema.parse(await res.json());
}

describe('the admin coupons resource', () => {
  it('creates, reads, lists with a total, updates and deletes a coupon', async () => {
    const created = await createCoupon(percent(1500, { minAmounts: { eur: 1000 } }));
    expect(created).toMatchObject({
      kind: 'percent',
      percentBps: 1500,
      minAmounts: { eur: 1000 },
      usedCount: 0,
      active: true,
      usageLimit: null,
    });

    const { data: one } = await admin.getOne('coupons', { id: created.id });
    expect(one).toEqual(created);

    const list = await admin.getList('coupons', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { q: created.code.slice(0, 8).toLowerCase() },
    });
    expect(list.total).toBeGreaterThanOrEqual(1);
    expect(list.data.map((c) => c.id)).toContain(created.id);

    const { data: many } = await admin.getMany('coupons', { ids: [created.id] });
    expect(many.map((c) => c.code)).toEqual([created.code]);

    const { data: updated } = await admin.update('coupons', {
      id: created.id,
      data: { ...created, kind: 'fixed', amounts: { eur: 500 }, usageLimit: 10 },
      previousData: created,
    });
    expect(updated).toMatchObject({ kind: 'fixed', amounts: { eur: 500 }, percentBps: null });

    await admin.delete('coupons', { id: created.id, previousData: updated });
    expect((await rejection(admin.getOne('coupons', { id: created.id }))).status).toBe(404);
  });

  it('refuses a code taken in another case with 409 on code', async () => {
    const first = await createCoupon(percent(1000));
    const err = await rejection(
      admin.create('coupons', { data: percent(1000, { code: first.code.toLowerCase() }) }),
    );
    expect(err.status).toBe(409);
    expect((err.body as { errors: Record<string, string> }).errors).toHaveProperty('code');
  });

  it('answers 400 with field errors for a coupon that says nothing to take off', async () => {
    const res = await t.call('POST', '/api/admin/coupons', {
      token: await t.tokenFor('admin'),
      body: {
        code: 'x',
        kind: 'fixed',
        validFrom: '2030-01-02T00:00:00Z',
        validUntil: '2030-01-01T00:00:00Z',
      },
    });
    await expectFieldErrors(res, 400, ['code', 'amounts', 'validUntil']);
  });

  it('answers 404 to an unknown or malformed id', async () => {
    expect((await rejection(admin.getOne('coupons', { id: 'nope' }))).status).toBe(404);
    expect(
      (await rejection(admin.getOne('coupons', { id: '0123456789abcdef01234567' }))).status,
    ).toBe(404);
  });

  it('is for admins only', async () => {
    const res = await t.call('GET', '/api/admin/coupons', { token: buyer.token });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/user/coupons/verify', () => {
  it('takes a percentage off the server’s prices, whatever price the client sent', async () => {
    const coupon = await createCoupon(percent(1000));
    const purchase = { ...(await line(2)), price: 0.01 };
    expect(await verify(coupon.code.toLowerCase(), [purchase])).toEqual({
      valid: true,
      discountCents: 400,
      currency: 'eur',
    });
  });

  it('caps a fixed amount at the in-scope subtotal', async () => {
    const coupon = await createCoupon({ code: code(), kind: 'fixed', amounts: { eur: 9999 } });
    expect((await verify(coupon.code, [await line()])).discountCents).toBe(2000);
  });

  it('discounts only the lines in its category scope', async () => {
    const coupon = await createCoupon(percent(5000, { categoryIds: ['softwares'] }));
    const result = await verify(coupon.code, [await line(1, 'games'), await line(1, 'softwares')]);
    expect(result.discountCents).toBe(1000);
  });

  /**
   * Each refusal, what the buyer is told, and how to make a coupon refused for it. A code that
   * exists but cannot be used now answers as an unknown one: guessing must not find codes.
   */
  const refusals: [string, CouponRefusal, () => Promise<string>][] = [
    ['unknown', 'unknown', async () => 'NO-SUCH-CODE'],
    [
      'inactive',
      'unknown',
      async () => (await createCoupon(percent(1000, { active: false }))).code,
    ],
    [
      'expired',
      'unknown',
      async () =>
        (
          await createCoupon(
            percent(1000, {
              validFrom: '2020-01-01T00:00:00Z',
              validUntil: '2020-02-01T00:00:00Z',
            }),
          )
        ).code,
    ],
    [
      'not_started',
      'unknown',
      async () => (await createCoupon(percent(1000, { validFrom: '2999-01-01T00:00:00Z' }))).code,
    ],
    [
      'minimum_not_reached',
      'minimum_not_reached',
      async () => (await createCoupon(percent(1000, { minAmounts: { eur: 5000 } }))).code,
    ],
    [
      'not_applicable',
      'not_applicable',
      async () => (await createCoupon(percent(1000, { sellerIds: ['someone-else'] }))).code,
    ],
  ];
  it.each(refusals)('refuses a coupon %s, saying %s', async (_, reason, makeCode) => {
    const result = await verify(await makeCode(), [await line()]);
    expect(result).toEqual({ valid: false, discountCents: 0, currency: 'eur', reason });
  });

  it('answers 400 with field errors without a code or lines', async () => {
    const res = await t.call('POST', '/api/user/coupons/verify', {
      token: buyer.token,
      body: { couponCode: '', purchases: [] },
    });
    await expectFieldErrors(res, 400, ['couponCode', 'purchases']);
  });

  it('answers 401 to a guest', async () => {
    const res = await t.call('POST', '/api/user/coupons/verify', { body: {} });
    expect(res.status).toBe(401);
  });
});

describe('redeem (counting a use when an order is placed)', () => {
  const service = () => {
    const price = createCartPricing({
      offers: createOfferRepository(t.db),
      products: createProductRepository(t.db),
    });
    return createCouponService({ coupons: createCouponRepository(t.db), price });
  };

  it('counts exactly 5 uses of a coupon limited to 5 under 20 concurrent orders', async () => {
    const coupon = await createCoupon(percent(1000, { usageLimit: 5 }));
    const coupons = service();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => coupons.redeem(coupon.code, `buyer-${i}`, `order-${i}`)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === 'used_up')).toBe(true);
    const { data } = await admin.getOne('coupons', { id: coupon.id });
    expect(data.usedCount).toBe(5);
    // The refused orders gave their slots back: one redemption per counted use.
    const redemptions = t.db.collection('couponRedemptions');
    expect(await redemptions.countDocuments({ couponId: new ObjectId(coupon.id) })).toBe(5);
    const verified = await verify(coupon.code, [await line()]);
    // Used up answers exactly as a code that never existed.
    expect(verified).toEqual(await verify('NO-SUCH-CODE', [await line()]));
    expect(verified).toMatchObject({ valid: false, reason: 'unknown' });
  });

  it('holds the per-user limit under concurrent orders of one buyer', async () => {
    const coupon = await createCoupon(percent(1000, { perUserLimit: 2 }));
    const coupons = service();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => coupons.redeem(coupon.code, 'one-buyer', `o-${i}`)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    const { data } = await admin.getOne('coupons', { id: coupon.id });
    expect(data.usedCount).toBe(2);
  });

  it('counts a retried order once', async () => {
    const coupon = await createCoupon(percent(1000));
    const coupons = service();
    expect(await coupons.redeem(coupon.code, buyer.uid, 'same-order')).toMatchObject({ ok: true });
    expect(await coupons.redeem(coupon.code, buyer.uid, 'same-order')).toMatchObject({ ok: true });
    const { data } = await admin.getOne('coupons', { id: coupon.id });
    expect(data.usedCount).toBe(1);
  });

  it('tells the buyer once they used up their own limit', async () => {
    const coupon = await createCoupon(percent(1000, { perUserLimit: 1 }));
    await service().redeem(coupon.code, buyer.uid, 'first-order');
    expect(await verify(coupon.code, [await line()])).toMatchObject({
      valid: false,
      reason: 'user_limit',
    });
  });
});
