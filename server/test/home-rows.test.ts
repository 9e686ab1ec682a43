import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicStateSchema } from '@market/shared';
import { createLogger } from '../src/logger.ts';
import { createKeyVault } from '../src/modules/keys/key-vault.ts';
import {
  createProductRepository,
  type ProductDoc,
} from '../src/modules/products/products.repository.ts';
import { seedDemoData } from '../src/seed/seed.ts';
import { startTestServer, type TestServer } from './harness.ts';

// Issue 24: the home page's rows (bestsellers, new arrivals, price drops) in the public state.

const DAY_MS = 86_400_000;
/** The price history's clock: the test's prices are recorded 40 days ago, then today. */
let clock = Date.now();
let t: TestServer;
const dropped = { id: '', fromEur: 0 };
const raised = { id: '' };
const arrival = { id: '' };

beforeAll(async () => {
  t = await startTestServer({ clock: () => new Date(clock) });
  await seedDemoData(
    t.db,
    t.identity.auth,
    createKeyVault(randomBytes(32)),
    createLogger('silent'),
  );
  const products = createProductRepository(t.db);
  const priced = await t.db
    .collection<ProductDoc>('products')
    .find({ eurMin: { $gt: 1_000 } })
    .sort({ _id: 1 })
    .limit(2)
    .toArray();
  const [a, b] = priced as [ProductDoc, ProductDoc];
  // A's best offer gets cheaper (as an offer repriced or a cheaper seller listing it would make
  // it), B's dearer: only A is a price drop. Both sold at their price for the 40 days before
  // (their demo history is set aside: this test writes its own).
  const history = t.container.priceHistory;
  const ids = [a._id, b._id];
  await t.db.collection('priceDays').deleteMany({ subjectId: { $in: ids } });
  await t.db.collection('priceHeads').deleteMany({
    _id: { $in: ids.map((id) => `product:${id.toHexString()}`) } as never,
  });
  const now = clock;
  clock = now - 40 * DAY_MS;
  await history.record(
    'product',
    [a, b].map((p) => ({ id: p._id, prices: pricesOf(p) })),
  );
  clock = now;
  dropped.id = a._id.toHexString();
  dropped.fromEur = a.eurMin!;
  const cheaper = { ...a, eurMin: a.eurMin! - 500 };
  await products.setPriceRange(a._id, cheaper);
  raised.id = b._id.toHexString();
  const dearer = { ...b, eurMin: b.eurMin! + 500 };
  await products.setPriceRange(b._id, dearer);
  await history.record('product', [
    { id: a._id, prices: pricesOf(cheaper) },
    { id: b._id, prices: pricesOf(dearer) },
  ]);
  // The newest product someone sells.
  const later = new Date(Date.now() + 60_000);
  const fresh: ProductDoc = {
    ...a,
    _id: new ObjectId(),
    slug: `${a.slug}-home-rows-fresh`,
    createdAt: later,
    updatedAt: later,
  };
  await t.db.collection<ProductDoc>('products').insertOne(fresh);
  arrival.id = fresh._id.toHexString();
});
afterAll(() => t.close());

const pricesOf = (p: Pick<ProductDoc, 'eurMin' | 'usdMin' | 'gbpMin'>) => ({
  eur: p.eurMin!,
  usd: p.usdMin!,
  gbp: p.gbpMin!,
});

const state = async () =>
  PublicStateSchema.parse(await (await fetch(`${t.url}/api/public/state?locale=en`)).json());

describe('GET /api/public/state: the home rows', () => {
  it('lists a product whose best price fell as a price drop, not one whose price rose', async () => {
    const { home } = await state();
    const ids = home.priceDrops.map((p) => p.id);
    expect(ids).toContain(dropped.id);
    expect(ids).not.toContain(raised.id);
    const card = home.priceDrops.find((p) => p.id === dropped.id);
    expect(card?.prices.eur?.min).toBe(dropped.fromEur - 500);
    // Announced against the lowest price of the 30 days before (Omnibus), struck through.
    expect(card?.referenceCents?.eur).toBe(dropped.fromEur);
  });

  it('starts the new arrivals with the newest product on sale', async () => {
    const { home } = await state();
    expect(home.newArrivals[0]?.id).toBe(arrival.id);
    expect(home.newArrivals.length).toBeLessThanOrEqual(8);
  });

  it('lists the bestsellers of the last 30 days, at most eight', async () => {
    const { home } = await state();
    expect(home.bestsellers.length).toBeGreaterThan(0);
    expect(home.bestsellers.length).toBeLessThanOrEqual(8);
    // Delivered orders of the demo: each bestseller was sold in one.
    const sold = await t.db
      .collection('orders')
      .distinct('items.productId', { status: 'approved' });
    const soldIds = new Set(sold.map((id: ObjectId) => id.toHexString()));
    expect(home.bestsellers.every((p) => soldIds.has(p.id))).toBe(true);
  });
});
