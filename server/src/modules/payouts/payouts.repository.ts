import type { Db, Filter, IndexDescription, ObjectId } from 'mongodb';
import type { Currency, PayoutMethod, PayoutStatus } from '@market/shared';
import type { ListQuery } from '../../lib/list-query.ts';
import { countMatching } from '../../db/count.ts';

/**
 * A payout of a seller's available money in one currency. Written (`pending`) before PayPal is
 * asked, so from that moment its amount is no longer available; `failed` gives it back. `seq`
 * numbers the seller's payouts per currency: a racing second run computes the same number and
 * its insert fails on the unique index, so a balance is never paid out twice.
 */
export type PayoutDoc = {
  _id: ObjectId;
  sellerId: string;
  currency: Currency;
  seq: number;
  amountCents: number;
  method: PayoutMethod;
  status: PayoutStatus;
  receiver: string | null;
  /** PayPal's batch id, once it took the batch (sender_batch_id is `_id`). */
  batchId: string | null;
  itemStatus: string | null;
  reference: string | null;
  failure: string | null;
  /** The run that made it: `week:<YYYY-MM-DD>` or `manual:<ISO time>`. */
  runId: string;
  createdAt: Date;
  updatedAt: Date;
  paidAt: Date | null;
};

/** A weekly run, written before its payouts: `done` once each was made (else it is resumed). */
export type PayoutRunDoc = { _id: string; startedAt: Date; done: boolean };

export const payoutIndexes: IndexDescription[] = [
  { key: { sellerId: 1, currency: 1, seq: 1 }, unique: true },
  { key: { status: 1, updatedAt: 1 } },
  // The consoles' lists, newest first (same instant: by id): all, and a seller's.
  { key: { createdAt: -1, _id: -1 } },
  { key: { sellerId: 1, createdAt: -1, _id: -1 } },
  // The PayPal payouts job: open payouts of that method, last changed before its cut-off.
  { key: { method: 1, status: 1, updatedAt: 1 } },
  // PayPal's webhook names the batch.
  { key: { batchId: 1 } },
];

const SORTABLE = new Set(['createdAt', 'amountCents', 'status', 'sellerId', 'currency']);

/** The only code that touches the `payouts` and `payoutRuns` collections. */
export function createPayoutRepository(db: Db) {
  const payouts = db.collection<PayoutDoc>('payouts');
  const runs = db.collection<PayoutRunDoc>('payoutRuns');
  return {
    findById: (id: ObjectId) => payouts.findOne({ _id: id }),
    async page(q: ListQuery, filter: Filter<PayoutDoc>) {
      const field = q.sort && SORTABLE.has(q.sort.field) ? q.sort.field : 'createdAt';
      const [rows, total] = await Promise.all([
        payouts
          .find(filter)
          // The tie-breaker follows the order, so one index serves both directions.
          .sort({ [field]: q.sort?.order ?? -1, _id: q.sort?.order ?? -1 })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        countMatching(payouts, filter),
      ]);
      return { rows, total };
    },
    /** The next `seq` of the seller's payouts in the currency. */
    async nextSeq(sellerId: string, currency: Currency): Promise<number> {
      const last = await payouts.find({ sellerId, currency }).sort({ seq: -1 }).limit(1).toArray();
      return (last[0]?.seq ?? 0) + 1;
    },
    /** Inserts; false when a racing run took this `seq` first. */
    async insert(doc: PayoutDoc): Promise<boolean> {
      try {
        await payouts.insertOne(doc);
        return true;
      } catch (err) {
        if ((err as { code?: number }).code === 11000) return false;
        throw err;
      }
    },
    /**
     * Sums of payouts per seller and currency in these statuses (all sellers, or one):
     * `pending`/`processing`/`paid` are out of the available balance, `paid` is what was paid.
     */
    async sums(statuses: PayoutStatus[], sellerId?: string) {
      const rows = await payouts
        .aggregate<{ _id: { sellerId: string; currency: Currency }; total: number }>([
          { $match: { status: { $in: statuses }, ...(sellerId ? { sellerId } : {}) } },
          {
            $group: {
              _id: { sellerId: '$sellerId', currency: '$currency' },
              total: { $sum: '$amountCents' },
            },
          },
        ])
        .toArray();
      return rows.map((r) => ({ ...r._id, cents: r.total }));
    },
    /** PayPal payouts to send (never sent, or sent without an answer) or to follow up. */
    openPaypal: (before: Date, limit: number) =>
      payouts
        .find({
          method: 'paypal',
          status: { $in: ['pending', 'processing'] },
          updatedAt: { $lt: before },
        })
        .limit(limit)
        .toArray(),
    /** Moves an open payout on, only from the statuses given (a repeat changes nothing). */
    update: (id: ObjectId, from: PayoutStatus[], set: Partial<PayoutDoc>) =>
      payouts.findOneAndUpdate(
        { _id: id, status: { $in: from } },
        { $set: set },
        { returnDocument: 'after' },
      ),
    findByBatch: (batchId: string) => payouts.findOne({ batchId }),
    between: (sellerId: string, from: Date, to: Date) =>
      payouts
        .find({ sellerId, createdAt: { $gte: from, $lt: to } })
        .sort({ createdAt: 1 })
        .toArray(),
    /** Claims a weekly run: false when another process started it. */
    async startRun(id: string, at: Date): Promise<boolean> {
      try {
        await runs.insertOne({ _id: id, startedAt: at, done: false });
        return true;
      } catch (err) {
        if ((err as { code?: number }).code === 11000) return false;
        throw err;
      }
    },
    unfinishedRuns: () => runs.find({ done: false }).toArray(),
    finishRun: (id: string) => runs.updateOne({ _id: id }, { $set: { done: true } }),
  };
}
export type PayoutRepository = ReturnType<typeof createPayoutRepository>;
