import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PriceHistorySchema, ProductSalesSchema, StoreProductSchema } from '@market/shared';
import { z } from 'zod';
import { freshCodes, newProduct, sell, uploadKeys } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

// Issue 25, part 3: the prior price (Omnibus, directive 98/6/EC art. 6a). The server's clock is
// moved by hand: each "day" below is a day of the simulated calendar.

const DAY_MS = 86_400_000;
const start = Date.parse('2026-01-01T10:00:00Z');
let clock = start;
const onDay = (n: number) => {
  clock = start + n * DAY_MS;
};

let t: TestServer;
let seller: TestAccount;
let productId = '';
let offerId = '';

beforeAll(async () => {
  t = await startTestServer({ clock: () => new Date(clock) });
  seller = await t.account('seller');
  productId = await newProduct(t.db);
  onDay(0);
  // Prices given in every currency: a conversion would move them with the exchange rates.
  const offer = await sell(t, seller, productId, { eur: 2_000, usd: 2_200, gbp: 1_800 });
  offerId = offer.id;
  await uploadKeys(t, seller, offerId, freshCodes(3));
});
afterAll(() => t.close());

const reprice = async (eur: number) => {
  const res = await t.call('PUT', `/api/seller/offers/${offerId}`, {
    token: seller.token,
    body: { prices: { eur, usd: eur + 200, gbp: eur - 200 } },
  });
  expect(res.status).toBe(200);
};

const history = async (query = 'currency=eur&days=90') => {
  const res = await fetch(`${t.url}/api/public/products/${productId}/price-history?${query}`);
  expect(res.status).toBe(200);
  return PriceHistorySchema.parse(await res.json());
};

/** The reference prices the storefront's cards (info-multiple) and product page (sales) get. */
const shown = async () => {
  const [cards, sales] = await Promise.all([
    t.call('POST', '/api/public/products/info-multiple', {
      body: { productIdList: [productId] },
    }),
    t.call('POST', '/api/public/products/info-multiple-sales', {
      body: { productIdList: [productId] },
    }),
  ]);
  const [card] = z.array(StoreProductSchema).parse(await cards.json());
  const [page] = z.array(ProductSalesSchema).parse(await sales.json());
  return {
    product: card?.referenceCents?.eur ?? null,
    gbp: card?.referenceCents?.gbp ?? null,
    offer: page?.sales[0]?.referenceCents?.eur ?? null,
  };
};

describe('the prior price over simulated days', () => {
  it('answers the 30-day lowest before each change, announcing only real reductions', async () => {
    // Day 0: on sale at 20.00. Nothing before it, so no reduction.
    expect(await shown()).toEqual({ product: null, gbp: null, offer: null });

    // Day 35: lowered to 15.00; the 30 days before (5–34) were all 20.00.
    onDay(35);
    await reprice(1_500);
    expect(await shown()).toEqual({ product: 2_000, gbp: 1_800, offer: 2_000 });
    expect((await history()).lowest30Cents).toBe(2_000);
    // The next days still announce it against the days before the reduction applied.
    onDay(38);
    expect(await shown()).toEqual({ product: 2_000, gbp: 1_800, offer: 2_000 });

    // Day 40: raised to 18.00. 15.00 was applied in the 30 days before: no reduction.
    onDay(40);
    await reprice(1_800);
    expect(await shown()).toEqual({ product: null, gbp: null, offer: null });
    expect((await history()).lowest30Cents).toBe(1_500);

    // Day 45: lowered to 16.00 — lower than yesterday, but not than 15.00 of day 35–39.
    onDay(45);
    await reprice(1_600);
    expect(await shown()).toEqual({ product: null, gbp: null, offer: null });
    expect((await history()).lowest30Cents).toBe(1_500);

    // Day 80: lowered to 14.00; days 50–79 were 16.00 (the 15.00 fell out of the window).
    onDay(80);
    await reprice(1_400);
    expect(await shown()).toEqual({ product: 1_600, gbp: 1_400, offer: 1_600 });
    expect((await history()).lowest30Cents).toBe(1_600);

    // Day 110: the reduction applied 30 days ago is the price now; nothing announced.
    // (Public answers are kept in memory up to a minute of real time, or until a write: a key
    // uploaded stands for the write a simulated month would have brought.)
    onDay(110);
    await uploadKeys(t, seller, offerId, freshCodes(1));
    expect(await shown()).toEqual({ product: null, gbp: null, offer: null });
    expect((await history()).lowest30Cents).toBe(1_400);
  });

  it('draws one point a day: the day’s lowest price, in the currency asked', async () => {
    onDay(110);
    const { points } = await history('currency=eur&days=90');
    expect(points).toHaveLength(90);
    expect(points.at(-1)).toEqual({ date: '2026-04-21', cents: 1_400 });
    // Day 45 (2026-02-15) became 16.00; day 80 (2026-03-22) 14.00.
    const at = (date: string) => points.find((p) => p.date === date)?.cents;
    expect(at('2026-02-14')).toBe(1_800);
    expect(at('2026-02-15')).toBe(1_600);
    expect(at('2026-03-21')).toBe(1_600);
    expect(at('2026-03-22')).toBe(1_400);
    const gbp = await history('currency=gbp&days=365');
    // Days before the first price (day 0) are left out.
    expect(gbp.points[0]).toEqual({ date: '2026-01-01', cents: 1_800 });
    expect(gbp.points).toHaveLength(111);
  });
});

describe('GET /api/public/products/:id/price-history', () => {
  it('refuses a currency the shop does not sell in, and days outside 1..365, with 400', async () => {
    for (const query of ['currency=jpy', 'days=0', 'days=366', 'days=ten']) {
      const res = await fetch(`${t.url}/api/public/products/${productId}/price-history?${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { errors?: Record<string, string> };
      expect(Object.keys(body.errors ?? {}), query).toHaveLength(1);
    }
  });

  it('answers 404 for an unknown product', async () => {
    for (const id of ['0123456789abcdef01234567', 'not-an-id']) {
      const res = await fetch(`${t.url}/api/public/products/${id}/price-history`);
      expect(res.status).toBe(404);
    }
  });

  it('answers no points and no lowest for a product nobody ever sold', async () => {
    const id = await newProduct(t.db);
    const res = await fetch(`${t.url}/api/public/products/${id}/price-history`);
    expect(PriceHistorySchema.parse(await res.json())).toEqual({ points: [], lowest30Cents: null });
  });
});

describe('several instances', () => {
  it('record one point a day however many write it', async () => {
    const other = await startTestServer({ sameDatabaseAs: t, clock: () => new Date(clock) });
    try {
      onDay(120);
      const id = await newProduct(t.db);
      const { ObjectId } = await import('mongodb');
      const subject = { id: new ObjectId(id), prices: { eur: 900, usd: 1_000, gbp: 800 } };
      const lower = { id: subject.id, prices: { eur: 700, usd: 800, gbp: 600 } };
      await Promise.all([
        t.container.priceHistory.record('product', [subject]),
        other.container.priceHistory.record('product', [subject]),
      ]);
      await Promise.all([
        t.container.priceHistory.record('product', [lower]),
        other.container.priceHistory.record('product', [lower]),
        t.container.priceHistory.record('product', [lower]),
      ]);
      const days = await t.db.collection('priceDays').find({ subjectId: subject.id }).toArray();
      expect(days).toHaveLength(1);
      expect(days[0]).toMatchObject({ day: '2026-05-01', low: lower.prices, close: lower.prices });
    } finally {
      await other.close();
    }
  });
});
