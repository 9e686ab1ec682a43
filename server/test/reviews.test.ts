import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminReviewSchema,
  ProductReviewsSchema,
  ProductSalesSchema,
  PublicStateSchema,
  SellerReviewSchema,
  SellerSchema,
  UserReviewSchema,
  type Order,
} from '@market/shared';
import { FRAUD_DEFAULTS } from '../src/modules/fraud/fraud-rules.ts';
import type { OrderService } from '../src/modules/orders/orders.service.ts';
import { serviceContainer, placeDirectly, recordCapture } from './checkout-fixtures.ts';
import { freshCodes, newProduct, productDoc, requestAs, sell, uploadKeys } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { raClient } from './ra-client.ts';

let t: TestServer;
let seller: TestAccount;
let otherSeller: TestAccount;
let buyer: TestAccount;
let stranger: TestAccount;
let admin: TestAccount;
let orders: OrderService;

beforeAll(async () => {
  t = await startTestServer({ storefront: true });
  [seller, otherSeller, buyer, stranger, admin] = await Promise.all([
    t.account('seller'),
    t.account('seller'),
    t.account('user'),
    t.account('user'),
    t.account('admin'),
  ]);
  orders = serviceContainer(t, {
    fraud: { ...FRAUD_DEFAULTS, velocitySoftLimit: 1000, velocityHardLimit: 1000 },
  }).orderService;
});
afterAll(() => t.close());

/** An order of `who` for one key of a fresh product `from` sells; paid (delivered) unless `paid` is false. */
async function orderOf(who: TestAccount, from = seller, paid = true, price = 1999) {
  const productId = await newProduct(t.db);
  const offer = await sell(t, from, productId, { eur: price });
  await uploadKeys(t, from, offer.id, freshCodes(1));
  const order = await placeDirectly(
    orders,
    who,
    [{ offerId: offer.id, quantity: 1 }],
    '203.0.113.9',
  );
  if (paid) {
    const { order: done } = await recordCapture(orders, order);
    expect(done.status).toBe('approved');
  }
  return { order, productId, offerId: offer.id, itemId: order.items[0]!.id };
}

const review = (who: TestAccount, order: Order, rating = 5, text = 'Worked at once, thanks') =>
  t.call('POST', '/api/user/reviews', {
    token: who.token,
    body: { orderId: order.id, itemId: order.items[0]!.id, rating, text },
  });

async function written(who: TestAccount, order: Order, rating = 5) {
  const res = await review(who, order, rating);
  expect(res.status).toBe(201);
  return UserReviewSchema.parse(await res.json());
}

const adminAct = (id: string, action: 'approve' | 'hide', body: unknown = {}) =>
  t.call('POST', `/api/admin/reviews/${id}/${action}`, { token: admin.token, body });

const sellerDoc = async (who: TestAccount) =>
  SellerSchema.parse(
    await raClient(t.url, 'admin', admin.token)
      .getOne('sellers', { id: who.sellerId! })
      .then((r) => r.data),
  );

const productReviews = async (productId: string, locale = 'en') => {
  const res = await t.call('GET', `/api/public/reviews?productId=${productId}&locale=${locale}`);
  expect(res.status).toBe(200);
  return ProductReviewsSchema.parse(await res.json());
};

describe('writing a review', () => {
  it('lets a buyer review a delivered line once; it waits for moderation', async () => {
    const { order, productId } = await orderOf(buyer);
    const mine = await written(buyer, order, 4);
    expect(mine).toMatchObject({ status: 'pending', rating: 4, productId, reply: null });
    const again = await review(buyer, order, 2);
    expect(again.status).toBe(409);
    // Not shown before an admin approves it.
    expect((await productReviews(productId)).reviews).toEqual([]);
    const list = await t.call('GET', '/api/user/reviews', { token: buyer.token });
    expect(list.headers.get('Content-Range')).toMatch(/^reviews /);
    expect(
      UserReviewSchema.array()
        .parse(await list.json())
        .map((r) => r.id),
    ).toContain(mine.id);
  });

  it('refuses a line that was not delivered, another buyer’s order and guests', async () => {
    const unpaid = await orderOf(buyer, seller, false);
    expect((await review(buyer, unpaid.order)).status).toBe(409);
    const { order } = await orderOf(buyer);
    expect((await review(stranger, order)).status).toBe(404);
    // A refunded line is no longer the buyer's to review.
    const refunded = await orderOf(buyer);
    await t.db
      .collection('orders')
      .updateOne(
        { _id: new ObjectId(refunded.order.id) },
        { $set: { 'items.0.refundedAt': new Date(), 'items.0.refundedCents': 1999 } },
      );
    expect((await review(buyer, refunded.order)).status).toBe(409);
    const guest = await t.call('POST', '/api/user/reviews', {
      body: { orderId: order.id, itemId: order.items[0]!.id, rating: 5, text: 'hello there' },
    });
    expect(guest.status).toBe(401);
  });

  it('answers 400 with field errors for a rating out of range or an empty text', async () => {
    const { order } = await orderOf(buyer);
    const res = await t.call('POST', '/api/user/reviews', {
      token: buyer.token,
      body: { orderId: order.id, itemId: order.items[0]!.id, rating: 6, text: '' },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string> };
    expect(Object.keys(body.errors)).toEqual(expect.arrayContaining(['rating', 'text']));
  });
});

describe('moderation and the seller’s rating', () => {
  it('approves, hides with a reason, and recomputes the rating each time', async () => {
    const shop = await t.account('seller');
    const a = await written(buyer, (await orderOf(buyer, shop)).order, 5);
    const b = await written(stranger, (await orderOf(stranger, shop)).order, 2);
    expect((await sellerDoc(shop)).rating).toEqual({ average: 0, count: 0 });

    const ra = raClient(t.url, 'admin', admin.token);
    const pending = await ra.getList('reviews', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { status: 'pending', sellerId: shop.sellerId },
    });
    expect(pending.data.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect(AdminReviewSchema.parse(pending.data[0])).toBeTruthy();

    expect((await adminAct(a.id, 'approve')).status).toBe(200);
    expect((await sellerDoc(shop)).rating).toEqual({ average: 5, count: 1 });
    expect((await adminAct(a.id, 'approve')).status).toBe(409);

    const bulk = await t.call('POST', '/api/admin/reviews/bulk-approve', {
      token: admin.token,
      body: { ids: [a.id, b.id] },
    });
    expect(await bulk.json()).toEqual({ approved: [b.id] });
    expect((await sellerDoc(shop)).rating).toEqual({ average: 3.5, count: 2 });

    expect((await adminAct(b.id, 'hide', {})).status).toBe(400);
    const hidden = await adminAct(b.id, 'hide', { reason: 'Off topic' });
    expect(AdminReviewSchema.parse(await hidden.json())).toMatchObject({
      status: 'hidden',
      hiddenReason: 'Off topic',
    });
    expect((await sellerDoc(shop)).rating).toEqual({ average: 5, count: 1 });
    expect(await t.db.collection('reviews').countDocuments({ ratingStale: true })).toBe(0);
    expect((await adminAct(new ObjectId().toHexString(), 'approve')).status).toBe(404);
  });

  it('recounts a rating a crash left stale between a moderation and its recount', async () => {
    const shop = await t.account('seller');
    const mine = await written(buyer, (await orderOf(buyer, shop)).order, 2);
    // As the moderation's own write leaves it when the process dies before the recount.
    await t.db
      .collection('reviews')
      .updateOne(
        { _id: new ObjectId(mine.id) },
        { $set: { status: 'approved', moderatedAt: new Date(), ratingStale: true } },
      );
    expect((await sellerDoc(shop)).rating).toEqual({ average: 0, count: 0 });
    await t.container.reviewModeration.repairRatings();
    expect((await sellerDoc(shop)).rating).toEqual({ average: 2, count: 1 });
    expect(await t.db.collection('reviews').countDocuments({ ratingStale: true })).toBe(0);
  });

  it('shows the seller’s rating on its offers and ranks a better-rated seller first at a close price', async () => {
    const good = await t.account('seller');
    const productId = await newProduct(t.db);
    // The good seller is 2 % dearer but has ten 5-star reviews.
    const cheap = await sell(t, otherSeller, productId, { eur: 1000 });
    const dear = await sell(t, good, productId, { eur: 1020 });
    await uploadKeys(t, otherSeller, cheap.id, freshCodes(1));
    await uploadKeys(t, good, dear.id, freshCodes(1));
    await t.db
      .collection('sellers')
      .updateOne({ _id: good.sellerId as never }, { $set: { rating: { average: 5, count: 10 } } });
    const res = await t.call('POST', '/api/public/products/info-multiple-sales', {
      body: { productIdList: [productId], currency: 'eur' },
    });
    const [item] = ProductSalesSchema.array().parse(await res.json());
    expect(item!.sales.map((s) => s.sellerId)).toEqual([good.sellerId, otherSeller.sellerId]);
    expect(item!.sales[0]!.sellerRating).toEqual({ average: 5, count: 10 });
    // A defect rate the claims keep on the seller pushes it back down.
    await t.db
      .collection('sellers')
      .updateOne(
        { _id: good.sellerId as never },
        { $set: { defectRate: { per100: 8, upheld: 8, sold: 100 } } },
      );
    const again = await t.call('POST', '/api/public/products/info-multiple-sales', {
      body: { productIdList: [productId], currency: 'eur' },
    });
    const [ranked] = ProductSalesSchema.array().parse(await again.json());
    expect(ranked!.sales.map((s) => s.sellerId)).toEqual([otherSeller.sellerId, good.sellerId]);
  });
});

describe('the seller’s reply', () => {
  it('lets the seller reply once to an approved review of theirs', async () => {
    const { order } = await orderOf(buyer, seller);
    const mine = await written(buyer, order, 3);
    const sellerRa = raClient(t.url, 'seller', seller.token);
    // Pending reviews are not the seller's to see yet.
    await expect(sellerRa.getOne('reviews', { id: mine.id })).rejects.toMatchObject({
      status: 404,
    });
    await adminAct(mine.id, 'approve');

    const list = await sellerRa.getList('reviews', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect(list.data.map((r) => r.id)).toContain(mine.id);
    // Another seller does not see it.
    const other = raClient(t.url, 'seller', otherSeller.token);
    await expect(other.getOne('reviews', { id: mine.id })).rejects.toMatchObject({ status: 404 });

    const replied = await sellerRa.update('reviews', {
      id: mine.id,
      data: { reply: 'Thanks for buying!' },
      previousData: list.data[0]!,
    });
    expect(SellerReviewSchema.parse(replied.data).reply?.text).toBe('Thanks for buying!');
    await expect(
      sellerRa.update('reviews', {
        id: mine.id,
        data: { reply: 'Again' },
        previousData: replied.data,
      }),
    ).rejects.toMatchObject({ status: 409 });
  });
});

describe('the storefront’s reviews', () => {
  it('lists approved reviews of a product and the latest in the public state, in both languages', async () => {
    const { order, productId } = await orderOf(buyer);
    const mine = await written(buyer, order, 4);
    const hiddenOne = await written(stranger, (await orderOf(stranger)).order, 1);
    await adminAct(mine.id, 'approve');
    await adminAct(hiddenOne.id, 'hide', { reason: 'Spam' });

    const en = await productReviews(productId);
    expect(en.rating).toEqual({ average: 4, count: 1 });
    expect(en.reviews.map((r) => r.id)).toEqual([mine.id]);
    const it = await productReviews(productId, 'it');
    expect(it.reviews[0]!.productUrl).toBe(
      `/it/product/${productId}/${it.reviews[0]!.productUrl.split('/').pop()}`,
    );
    expect(it.reviews[0]!.productName).toMatch(/\(IT\)$/);

    const state = PublicStateSchema.parse(await (await t.call('GET', '/api/public/state')).json());
    expect(state.reviews.map((r) => r.id)).toContain(mine.id);
    expect(state.reviews.map((r) => r.id)).not.toContain(hiddenOne.id);
  });
});

/** The Product JSON-LD of a product page, parsed. */
async function productJsonLd(path: string) {
  // Asked for under the shop's own host: any other is redirected to it.
  const res = await requestAs(t.url, 'GET', path, new URL(t.container.deps.publicOrigin).host);
  expect(res.status).toBe(200);
  const html = res.body;
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
  return { html, product: blocks.find((b) => b['@type'] === 'Product')! };
}

describe('the product page', () => {
  it('shows approved reviews and builds its JSON-LD rating from them only', async () => {
    const { order, productId } = await orderOf(buyer);
    const approved = await written(buyer, order, 4);
    await adminAct(approved.id, 'approve');
    // A second buyer of the same product, whose review is still pending.
    const offer = (await t.db
      .collection('offers')
      .findOne({ productId: new ObjectId(productId) }))!;
    await uploadKeys(t, seller, offer._id.toHexString(), freshCodes(1));
    const other = await placeDirectly(
      orders,
      stranger,
      [{ offerId: offer._id.toHexString(), quantity: 1 }],
      '203.0.113.10',
    );
    await recordCapture(orders, other);
    const pendingRes = await t.call('POST', '/api/user/reviews', {
      token: stranger.token,
      body: {
        orderId: other.id,
        itemId: other.items[0]!.id,
        rating: 1,
        text: 'Still pending here',
      },
    });
    expect(pendingRes.status).toBe(201);

    const slug = (await productDoc(t.db, productId))!.slug;
    for (const prefix of ['', '/it']) {
      const { html, product } = await productJsonLd(`${prefix}/product/${productId}/${slug}`);
      expect(product.aggregateRating).toEqual({
        '@type': 'AggregateRating',
        ratingValue: 4,
        reviewCount: 1,
        ratingCount: 1,
        bestRating: 5,
        worstRating: 1,
      });
      expect(product.review).toEqual([
        expect.objectContaining({
          '@type': 'Review',
          reviewBody: 'Worked at once, thanks',
          reviewRating: expect.objectContaining({ ratingValue: 4 }) as unknown,
        }),
      ]);
      expect(html).toContain('Worked at once, thanks');
      expect(html).not.toContain('Still pending here');
    }
  });

  it('has no aggregateRating without an approved review', async () => {
    const { productId } = await orderOf(buyer);
    const slug = (await productDoc(t.db, productId))!.slug;
    const { product } = await productJsonLd(`/product/${productId}/${slug}`);
    expect(product).not.toHaveProperty('aggregateRating');
    expect(product).not.toHaveProperty('review');
  });
});

describe('the ranking page', () => {
  it('publishes the formula in both languages, linked from every page’s footer', async () => {
    const host = new URL(t.container.deps.publicOrigin).host;
    const en = await requestAs(t.url, 'GET', '/ranking', host);
    expect(en.status).toBe(200);
    expect(en.body).toContain('How offers are ranked');
    expect(en.body).toContain('effective price = price × (1 + 0.03 × (3 − R) + 0.01 × min(D, 10))');
    const it = await requestAs(t.url, 'GET', '/it/ranking', host);
    expect(it.status).toBe(200);
    expect(it.body).toContain(
      'prezzo effettivo = prezzo × (1 + 0,03 × (3 − R) + 0,01 × min(D, 10))',
    );
    const home = await requestAs(t.url, 'GET', '/it/', host);
    expect(home.body).toContain('href="/it/ranking"');
  });
});
