import type { Db, ObjectId } from 'mongodb';
import { CURRENCIES } from '@market/shared';
import type { Logger } from '../logger.ts';
import { addDays, dayOf } from '../modules/price-history/days.ts';
import {
  createPriceHistoryRepository,
  type Prices,
  type PriceSubject,
} from '../modules/price-history/price-history.repository.ts';

type Subject = { kind: PriceSubject; id: ObjectId; prices: Prices };

/** What a demo product's price did in the last 90 days, by its place in the catalogue. */
type Story = { from: number; to: number; factor: number }[];
const STORIES: Story[] = [
  // Reduced a week ago from a quarter more: the pages strike the old price through.
  [{ from: -90, to: -8, factor: 1.25 }],
  // Dearer for two weeks two months ago: a bump on the chart, no reduction now.
  [{ from: -60, to: -46, factor: 1.1 }],
  // A three-day sale that ended: the current price is no reduction (it is above that sale's).
  [{ from: -20, to: -18, factor: 0.9 }],
];

const scaled = (prices: Prices, factor: number): Prices => {
  const out = { ...prices };
  for (const c of CURRENCIES) out[c] = Math.round(prices[c] * factor);
  return out;
};

/**
 * 90 days of price history for the demo products and their live offers, so the product pages
 * draw a chart and some announce a reduction against its 30-day lowest (docs/prices.md). Written
 * through the history's own repository, day by day, ending at today's prices; once (marker).
 */
export async function seedDemoPriceHistory(db: Db, log: Logger, now = new Date()): Promise<void> {
  const meta = db.collection<{ _id: string; at: Date }>('meta');
  if (await meta.findOne({ _id: 'demo-price-history-v1' })) return;
  const repo = createPriceHistoryRepository(db);
  const products = await db
    .collection<{ _id: ObjectId } & Record<`${'eur' | 'usd' | 'gbp'}Min`, number | null>>(
      'products',
    )
    .find({ eurMin: { $ne: null } }, { projection: { eurMin: 1, usdMin: 1, gbpMin: 1 } })
    .sort({ _id: 1 })
    .toArray();
  const offers = await db
    .collection<{ _id: ObjectId; productId: ObjectId; prices: Prices }>('offers')
    .find(
      { productId: { $in: products.map((p) => p._id) }, status: 'active', stock: { $gt: 0 } },
      { projection: { productId: 1, prices: 1 } },
    )
    .toArray();
  const today = dayOf(now);
  // Every subject's changes by day (offset from today), written day by day, oldest first: one
  // bulk write a day for the whole catalogue, and each head ends at today's price.
  const byDay = new Map<number, Parameters<typeof repo.record>[2]>();
  let index = 0;
  for (const p of products) {
    if (p.usdMin === null || p.gbpMin === null || p.eurMin === null) continue;
    const story = STORIES[index++ % STORIES.length]!;
    const subjects: Subject[] = [
      { kind: 'product', id: p._id, prices: { eur: p.eurMin, usd: p.usdMin, gbp: p.gbpMin } },
      ...offers
        .filter((o) => o.productId.equals(p._id))
        .map((o) => ({ kind: 'offer' as const, id: o._id, prices: o.prices })),
    ];
    // The factor of the price on each day it changed, from 90 days ago (today's price: 1).
    const changes = new Map<number, number>([[-90, 1]]);
    for (const { from, to, factor } of story) changes.set(from, factor).set(to + 1, 1);
    let before: number | null = null;
    for (const [at, factor] of [...changes].sort((a, b) => a[0] - b[0])) {
      const list = byDay.get(at) ?? [];
      for (const s of subjects) {
        list.push({
          kind: s.kind,
          id: s.id,
          prices: scaled(s.prices, factor),
          before: before === null ? null : scaled(s.prices, before),
        });
      }
      byDay.set(at, list);
      before = factor;
    }
  }
  for (const [at, changes] of [...byDay].sort((a, b) => a[0] - b[0])) {
    const day = addDays(today, at);
    await repo.record(day, new Date(Date.parse(`${day}T12:00:00Z`)), changes);
  }
  await meta.updateOne({ _id: 'demo-price-history-v1' }, { $set: { at: now } }, { upsert: true });
  log.info({ products: products.length }, 'demo price history seeded');
}
