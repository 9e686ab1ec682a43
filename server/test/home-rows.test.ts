import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicStateSchema } from '@market/shared';
import { createLogger } from '../src/logger.ts';
import { createKeyVault } from '../src/modules/keys/key-vault.ts';
import { priceDropChange } from '../src/modules/products/price-drops.ts';
import {
  createProductRepository,
  type ProductDoc,
} from '../src/modules/products/products.repository.ts';
import { seedDemoData } from '../src/seed/seed.ts';
import { startTestServer, type TestServer } from './harness.ts';

// Issue 24: the home page's rows (bestsellers, new arrivals, price drops) in the public state.

let t: TestServer;
const dropped = { id: '', fromEur: 0 };
const raised = { id: '' };
const arrival = { id: '' };

beforeAll(async () => {
  t = await startTestServer();
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
  // it), B's dearer: only A is a price drop.
  dropped.id = a._id.toHexString();
  dropped.fromEur = a.eurMin!;
  await products.setPriceRange(a._id, { ...a, eurMin: a.eurMin! - 500 });
  raised.id = b._id.toHexString();
  await products.setPriceRange(b._id, { ...b, eurMin: b.eurMin! + 500 });
  // The newest product someone sells.
  const now = new Date(Date.now() + 60_000);
  const fresh: ProductDoc = {
    ...a,
    _id: new ObjectId(),
    slug: `${a.slug}-home-rows-fresh`,
    createdAt: now,
    updatedAt: now,
  };
  delete fresh.priceDrop;
  await t.db.collection<ProductDoc>('products').insertOne(fresh);
  arrival.id = fresh._id.toHexString();
});
afterAll(() => t.close());

const state = async () =>
  PublicStateSchema.parse(await (await fetch(`${t.url}/api/public/state?locale=en`)).json());

describe('GET /api/public/state: the home rows', () => {
  it('lists a product whose best price fell as a price drop, not one whose price rose', async () => {
    const { home } = await state();
    const ids = home.priceDrops.map((p) => p.id);
    expect(ids).toContain(dropped.id);
    expect(ids).not.toContain(raised.id);
    expect(home.priceDrops.find((p) => p.id === dropped.id)?.prices.eur?.min).toBe(
      dropped.fromEur - 500,
    );
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

describe('priceDropChange', () => {
  const at = new Date('2026-11-01T00:00:00Z');
  const now = new Date('2026-11-10T00:00:00Z');
  it('marks a lower best price, keeps the highest price of a falling run, clears a recovery', () => {
    expect(priceDropChange({ eurMin: 1_000 }, 900, now)).toEqual({
      $set: { priceDrop: { fromEur: 1_000, at: now } },
    });
    expect(priceDropChange({ eurMin: 900, priceDrop: { fromEur: 1_000, at } }, 800, now)).toEqual({
      $set: { priceDrop: { fromEur: 1_000, at: now } },
    });
    expect(priceDropChange({ eurMin: 900, priceDrop: { fromEur: 1_000, at } }, 950, now)).toBe(
      null,
    );
    expect(priceDropChange({ eurMin: 900, priceDrop: { fromEur: 1_000, at } }, 1_000, now)).toEqual(
      { $unset: { priceDrop: '' } },
    );
    expect(priceDropChange({ eurMin: 900, priceDrop: { fromEur: 1_000, at } }, null, now)).toEqual({
      $unset: { priceDrop: '' },
    });
    expect(priceDropChange({ eurMin: null }, 900, now)).toBe(null);
    expect(priceDropChange({ eurMin: 900 }, 1_000, now)).toBe(null);
  });
});
