import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminDashboardSchema,
  SellerDashboardSchema,
  type AdminDashboard,
  type Currency,
  type OrderStatus,
  type SellerDashboard,
} from '@market/shared';
import type { OrderDoc, OrderItemDoc } from '../src/modules/orders/order-doc.ts';
import { newProduct, sell } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

/**
 * The dashboards' aggregations against orders written straight into the database (their
 * shapes as the orders module stores them): what each figure counts, and what it leaves out.
 */

let t: TestServer;
let admin: TestAccount;
let seller: TestAccount;
let other: TestAccount;
let game: string;
let card: string;

const DAY = 86_400_000;
/** Noon UTC `daysAgo` days before today: inside the day whatever the clock's minutes. */
const daysAgo = (n: number) => {
  const d = new Date();
  d.setUTCHours(12, 0, 0, 0);
  return new Date(d.getTime() - n * DAY);
};
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

type Line = Omit<Partial<OrderItemDoc>, 'productId'> & {
  productId: string;
  sellerId: string;
  unitPriceCents: number;
};

async function order(status: OrderStatus, at: Date, currency: Currency, lines: Line[]) {
  const items = lines.map((l) => ({
    _id: new ObjectId(),
    offerId: new ObjectId(),
    name: 'line',
    categoryId: 'games',
    region: 'Global',
    quantity: 1,
    zeroVat: false,
    vatRateBps: 2200,
    keyIds: [],
    deliveredCount: 1,
    discountCents: 0,
    ...l,
    productId: new ObjectId(l.productId),
  })) as OrderItemDoc[];
  const total = items.reduce((s, i) => s + i.unitPriceCents * i.quantity - i.discountCents, 0);
  const refunded = items.reduce((s, i) => s + (i.refundedCents ?? 0), 0);
  await t.db.collection<OrderDoc>('orders').insertOne({
    _id: new ObjectId(),
    number: `D-${new ObjectId().toHexString()}`,
    userId: 'buyer',
    email: 'buyer@example.com',
    items,
    currency,
    totals: { subtotal: total, discount: 0, vat: 0, total },
    couponCode: null,
    status,
    decisions: [],
    attribution: {} as OrderDoc['attribution'],
    ip: null,
    accountPurchaseConfirmedAt: null,
    deliveredAt: status === 'approved' ? at : null,
    refundedCents: refunded,
    createdAt: at,
    updatedAt: at,
  });
}

beforeAll(async () => {
  t = await startTestServer();
  [admin, seller, other] = await Promise.all([
    t.account('admin'),
    t.account('seller'),
    t.account('seller'),
  ]);
  await t.db
    .collection<{ _id: string; name: string }>('sellers')
    .updateOne({ _id: seller.sellerId! }, { $set: { name: 'Dashboard Shop' } });
  game = await newProduct(t.db, { name: { en: 'Dashboard Game', it: 'Gioco' } });
  card = await newProduct(t.db, { name: { en: 'Dashboard Card', it: 'Carta' } });
  const s = seller.sellerId!;
  const o = other.sellerId!;
  // Today: two delivered orders in euros (one line refunded), one in dollars, one in review.
  await order('approved', daysAgo(0), 'eur', [
    { productId: game, sellerId: s, unitPriceCents: 1000, quantity: 2 },
    { productId: card, sellerId: o, unitPriceCents: 500 },
  ]);
  await order('approved', daysAgo(0), 'eur', [
    { productId: game, sellerId: s, unitPriceCents: 1000, refundedCents: 1000 },
  ]);
  await order('approved', daysAgo(0), 'usd', [
    { productId: card, sellerId: o, unitPriceCents: 700, discountCents: 100 },
  ]);
  await order('review', daysAgo(0), 'eur', [
    { productId: game, sellerId: s, unitPriceCents: 1000 },
  ]);
  // Five days ago: one delivered order in pounds; a declined one counts as an order only.
  await order('approved', daysAgo(5), 'gbp', [
    { productId: card, sellerId: s, unitPriceCents: 900 },
  ]);
  await order('declined', daysAgo(5), 'eur', [
    { productId: game, sellerId: s, unitPriceCents: 1000 },
  ]);
  // Forty days ago: outside the 30-day period, inside the 90-day one.
  await order('approved', daysAgo(40), 'eur', [
    { productId: game, sellerId: s, unitPriceCents: 3000 },
  ]);
  await t.db.collection('events').insertMany(
    Array.from({ length: 40 }, (_, i) => ({
      type: 'page_view',
      path: '/',
      referrer: null,
      locale: 'en',
      uid: null,
      createdAt: daysAgo(i % 3),
    })),
  );
  // Only their status counts (the other fields unique, as their indexes want).
  const counted = (status: string) => ({ status, itemId: new ObjectId(), keyId: new ObjectId() });
  await t.db.collection('reviews').insertMany([counted('pending'), counted('approved')]);
  await t.db.collection('claims').insertMany([counted('escalated'), counted('open')]);
  // The seller's offers: one running low, one well stocked.
  const low = await sell(t, seller, game);
  const plenty = await sell(t, seller, card);
  await t.db
    .collection('offers')
    .updateOne({ _id: new ObjectId(low.id) }, { $set: { stock: 2, status: 'active' } });
  await t.db
    .collection('offers')
    .updateOne({ _id: new ObjectId(plenty.id) }, { $set: { stock: 50, status: 'active' } });
});
afterAll(() => t.close());

async function adminDashboard(query = ''): Promise<AdminDashboard> {
  const res = await t.call('GET', `/api/admin/dashboard${query}`, { token: admin.token });
  expect(res.status).toBe(200);
  return AdminDashboardSchema.parse(await res.json());
}
async function sellerDashboard(account: TestAccount, query = ''): Promise<SellerDashboard> {
  const res = await t.call('GET', `/api/seller/dashboard${query}`, { token: account.token });
  expect(res.status).toBe(200);
  return SellerDashboardSchema.parse(await res.json());
}

describe('the admin dashboard', () => {
  it('adds up delivered revenue per currency per day, less refunds and coupon shares', async () => {
    const d = await adminDashboard();
    expect(d.days).toBe(30);
    expect(d.perDay).toHaveLength(30);
    expect(d.perDay.at(-1)).toEqual({
      day: isoDay(daysAgo(0)),
      // 2 × 10.00 + 5.00, and 10.00 − 10.00 refunded; 7.00 − 1.00 coupon in dollars.
      revenue: { eur: 2500, usd: 600, gbp: 0 },
      orders: 3,
      units: 5,
    });
    expect(d.perDay.find((x) => x.day === isoDay(daysAgo(5)))?.revenue).toEqual({
      eur: 0,
      usd: 0,
      gbp: 900,
    });
    expect(d.perDay.find((x) => x.day === isoDay(daysAgo(1)))?.orders).toBe(0);
  });

  it('counts the period’s orders by status and the conversion from page views', async () => {
    const d = await adminDashboard();
    expect(d.ordersByStatus).toEqual([
      { status: 'review', count: 1 },
      { status: 'approved', count: 4 },
      { status: 'declined', count: 1 },
    ]);
    expect(d.conversion).toEqual({ pageViews: 40, orders: 6, delivered: 4, ratePer100: 10 });
    expect(d.waiting).toMatchObject({ reviewQueue: 1, pendingReviews: 1, escalatedClaims: 1 });
  });

  it('ranks products and shops by units sold, with their names', async () => {
    const d = await adminDashboard();
    expect(d.topProducts[0]).toEqual({
      id: game,
      name: 'Dashboard Game',
      units: 3,
      revenue: { eur: 2000, usd: 0, gbp: 0 },
    });
    expect(d.topProducts[1]).toMatchObject({ id: card, units: 3 });
    expect(d.topSellers.map((s) => s.id)).toEqual([seller.sellerId, other.sellerId]);
    expect(d.topSellers[0]!.name).toBe('Dashboard Shop');
  });

  it('reaches further back over 90 days, and refuses other periods with a field error', async () => {
    const d = await adminDashboard('?days=90');
    expect(d.perDay).toHaveLength(90);
    expect(d.perDay.find((x) => x.day === isoDay(daysAgo(40)))?.revenue.eur).toBe(3000);
    const res = await t.call('GET', '/api/admin/dashboard?days=12', { token: admin.token });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('days');
  });

  it('is the admin’s alone', async () => {
    const res = await t.call('GET', '/api/admin/dashboard', { token: seller.token });
    expect(res.status).toBe(403);
  });
});

describe('the seller dashboard', () => {
  it('shows only the seller’s own lines, per day, and their offers running low', async () => {
    const d = await sellerDashboard(seller);
    expect(d.perDay.at(-1)).toEqual({
      day: isoDay(daysAgo(0)),
      revenue: { eur: 2000, usd: 0, gbp: 0 },
      orders: 2,
      units: 3,
    });
    expect(d.topProducts.map((p) => p.id)).toEqual([game, card]);
    expect(d.lowStock).toEqual([
      expect.objectContaining({ productId: game, name: 'Dashboard Game', stock: 2 }),
    ]);
    const theirs = await sellerDashboard(other);
    expect(theirs.perDay.at(-1)?.revenue).toEqual({ eur: 500, usd: 600, gbp: 0 });
    expect(theirs.lowStock).toEqual([]);
  });
});
