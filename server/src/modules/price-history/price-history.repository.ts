import type { AnyBulkWriteOperation, Db, IndexDescription, ObjectId } from 'mongodb';
import type { Currency } from '@market/shared';

/** Whose price: a product's best (lowest live offer) or one offer's. */
export type PriceSubject = 'product' | 'offer';
export type Prices = Record<Currency, number>;

/**
 * A day on which a subject's price changed (`_id` `<kind>:<subject>:<day>`, so every instance
 * writing that day writes the one document): the day's lowest price per currency, the price it
 * closed at, and the price before its first change (null for the first price ever recorded).
 */
export type PriceDayDoc = {
  _id: string;
  kind: PriceSubject;
  subjectId: ObjectId;
  day: string;
  low: Prices;
  close: Prices;
  open: Prices | null;
  /** Products only: the EUR price fell that day (the home page's price-drop row reads these). */
  drop?: true;
  at: Date;
};

/** The last price recorded per subject (`_id` `<kind>:<subject>`): what a change is told by. */
export type PriceHeadDoc = { _id: string; prices: Prices; day: string; at: Date };

export const priceDayIndexes: IndexDescription[] = [
  // A subject's days from a date (the chart, the references of a page of products or offers).
  { key: { kind: 1, subjectId: 1, day: 1 } },
  // The home page's price drops: the latest products whose price fell, latest write first.
  { key: { drop: 1, at: -1 }, sparse: true },
];
export const priceHeadIndexes: IndexDescription[] = [];

const isDuplicateKey = (err: unknown) => (err as { code?: number }).code === 11000;

export function createPriceHistoryRepository(db: Db) {
  const days = db.collection<PriceDayDoc>('priceDays');
  const heads = db.collection<PriceHeadDoc>('priceHeads');

  /** Two instances upserting the same new `_id` at once: one loses with 11000, and retries. */
  async function upsertAll<T extends { _id: string }>(
    collection: typeof days | typeof heads,
    ops: AnyBulkWriteOperation<T>[],
  ) {
    if (!ops.length) return;
    const write = () =>
      (collection as unknown as ReturnType<Db['collection']>).bulkWrite(
        ops as AnyBulkWriteOperation[],
        { ordered: false },
      );
    try {
      await write();
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      await write();
    }
  }

  return {
    /** The heads of these subjects (point reads on `_id`). */
    heads: (ids: string[]) => heads.find({ _id: { $in: ids } }).toArray(),
    /**
     * Records changed prices on `day`: each subject's day keeps its lowest price ($min), its
     * latest, and the price before it (first writer's), and its head the latest. Idempotent.
     */
    async record(
      day: string,
      at: Date,
      changes: { kind: PriceSubject; id: ObjectId; prices: Prices; before: Prices | null }[],
    ) {
      const dayOps: AnyBulkWriteOperation<PriceDayDoc>[] = changes.map((c) => {
        const drop = c.kind === 'product' && c.before !== null && c.prices.eur < c.before.eur;
        return {
          updateOne: {
            filter: { _id: `${c.kind}:${c.id.toHexString()}:${day}` },
            update: {
              $min: { 'low.eur': c.prices.eur, 'low.usd': c.prices.usd, 'low.gbp': c.prices.gbp },
              $set: { close: c.prices, at, ...(drop && { drop: true as const }) },
              $setOnInsert: { kind: c.kind, subjectId: c.id, day, open: c.before },
            },
            upsert: true,
          },
        };
      });
      await upsertAll(days, dayOps);
      await upsertAll(
        heads,
        changes.map((c) => ({
          updateOne: {
            filter: { _id: `${c.kind}:${c.id.toHexString()}` },
            update: { $set: { prices: c.prices, day, at } },
            upsert: true,
          },
        })),
      );
    },
    /** The recorded days of these subjects from `from` (inclusive). */
    daysFrom: (kind: PriceSubject, ids: ObjectId[], from: string) =>
      days.find({ kind, subjectId: { $in: ids }, day: { $gte: from } }).toArray(),
    /** A subject's last recorded day before `day`: the price it carried into it. */
    lastBefore: (kind: PriceSubject, id: ObjectId, day: string) =>
      days.findOne({ kind, subjectId: id, day: { $lt: day } }, { sort: { day: -1 } }),
    /** Products whose EUR price fell on a day written since `since`, latest first, once each. */
    async droppedSince(since: Date, limit: number): Promise<ObjectId[]> {
      const rows = await days
        .find({ drop: true, at: { $gte: since } }, { projection: { subjectId: 1 } })
        .sort({ drop: 1, at: -1 })
        .limit(limit)
        .toArray();
      const seen = new Map(rows.map((r) => [r.subjectId.toHexString(), r.subjectId]));
      return [...seen.values()];
    },
  };
}
export type PriceHistoryRepository = ReturnType<typeof createPriceHistoryRepository>;
