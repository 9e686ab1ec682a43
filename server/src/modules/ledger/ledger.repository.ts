import {
  MongoBulkWriteError,
  type Db,
  type Filter,
  type IndexDescription,
  type ObjectId,
} from 'mongodb';
import type { Currency } from '@market/shared';
import type { ListQuery } from '../../lib/list-query.ts';
import { countMatching } from '../../db/count.ts';

/**
 * What the marketplace owes each seller: one entry per event on an order line. A sale credits
 * the seller the line's net (price less commission, `ledger-math.ts`) and records the
 * marketplace's commission; a refund (written by the refund flow) or a chargeback (the checkout's
 * chargebacks) reverses both with negative amounts. Entries written before commissions existed
 * lack the split fields: their `amountCents` is the list price and their commission 0.
 */
export type LedgerEntryDoc = {
  _id: ObjectId;
  sellerId: string;
  orderId: ObjectId;
  itemId: ObjectId;
  /** `dispute_won` gives back a `chargeback` (the provider decided the dispute for the shop). */
  type: 'sale' | 'refund' | 'chargeback' | 'dispute_won';
  /** The seller's net in signed cents: positive for a sale, negative for a refund or a chargeback. */
  amountCents: number;
  currency: Currency;
  at: Date;
  /** The line's list price × quantity (signed like the entry). */
  grossCents?: number;
  /** The coupon discount the seller funds (signed like the entry; 0 when the marketplace does). */
  sellerDiscountCents?: number;
  /** The commission rule in force at the sale: rate (basis points) and fixed fee per line. */
  rateBps?: number;
  feeCents?: number;
  /** The marketplace's revenue (signed like the entry). */
  commissionCents?: number;
  /**
   * When the amount becomes payable: the sale's delivery plus the holdback; a reversal inside
   * the holdback shares its sale's date (it debits pending money), after it its own (available).
   * Absent on entries written before holdbacks: available at once.
   */
  availableAt?: Date;
  /**
   * A sale delivered while its seller was suspended (the buyer paid and gets the keys), and the
   * refunds of such a line: withheld from the seller's balance for the marketplace to settle.
   */
  held?: boolean;
};

export const ledgerIndexes: IndexDescription[] = [
  // One entry per line and event: a retried delivery (or a racing recovery) cannot credit twice.
  { key: { orderId: 1, itemId: 1, type: 1 }, unique: true },
  // A seller's balance and movements.
  { key: { sellerId: 1, currency: 1 } },
  { key: { sellerId: 1, at: -1, _id: -1 } },
  // Every seller's balances (the payouts' run): entries by when they become available.
  { key: { availableAt: 1 } },
];

/**
 * An entry without an availability date (older entries): `null` matches the missing field and
 * reads off the index, where `$exists: false` scans (the driver's types know no null for it).
 */
const NO_AVAILABILITY_DATE = { availableAt: null } as unknown as Filter<LedgerEntryDoc>;

/** The only code that touches the `sellerLedger` collection. */
export function createLedgerRepository(db: Db) {
  const ledger = db.collection<LedgerEntryDoc>('sellerLedger');

  /** A page of the entries `query` matches, newest first unless sorted by `at`, and their count. */
  async function pageOf(query: Filter<LedgerEntryDoc>, q: ListQuery) {
    const [rows, total] = await Promise.all([
      ledger
        .find(query)
        // The tie-breaker follows the order, so one index serves both directions.
        .sort(
          q.sort?.field === 'at' ? { at: q.sort.order, _id: q.sort.order } : { at: -1, _id: -1 },
        )
        .skip(q.skip)
        .limit(q.limit)
        .toArray(),
      countMatching(ledger, query),
    ]);
    return { rows, total };
  }

  return {
    /** Writes the entries; those already written (same order, line and type) are skipped. */
    async record(entries: LedgerEntryDoc[]): Promise<number> {
      if (!entries.length) return 0;
      try {
        return (await ledger.insertMany(entries, { ordered: false })).insertedCount;
      } catch (err) {
        if (!(err instanceof MongoBulkWriteError)) throw err;
        if ([err.writeErrors].flat().some((e) => e.code !== 11000)) throw err;
        return err.insertedCount;
      }
    },
    /**
     * The sums of the net amounts not held, per seller and currency: `pending` those payable
     * after `now`, else `available` (entries without a date included). One seller or all.
     */
    async sums(
      now: Date,
      state: 'pending' | 'available',
      sellerId?: string,
    ): Promise<Array<{ sellerId: string; currency: Currency; cents: number }>> {
      const match: Filter<LedgerEntryDoc> = {
        held: { $ne: true },
        ...(sellerId ? { sellerId } : {}),
        ...(state === 'pending'
          ? { availableAt: { $gt: now } }
          : { $or: [{ availableAt: { $lte: now } }, NO_AVAILABILITY_DATE] }),
      };
      const rows = await ledger
        .aggregate<{ _id: { sellerId: string; currency: Currency }; total: number }>([
          { $match: match },
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
    /** A page of the seller's movements, newest first; `ids` (getMany) narrows it to those. */
    page: (
      sellerId: string,
      q: ListQuery,
      { ids, ...filter }: { type?: string; currency?: Currency; ids?: ObjectId[] },
    ) =>
      pageOf(
        { sellerId, ...filter, ...(ids && { _id: { $in: ids } }) } as Filter<LedgerEntryDoc>,
        q,
      ),
    /**
     * A page of the seller's reversals (refunds and chargebacks), newest first unless sorted by
     * `at`; `from`/`to` bound `at` (both included).
     */
    async reversalsPage(
      sellerId: string,
      q: ListQuery,
      filter: {
        type?: 'refund' | 'chargeback';
        currency?: Currency;
        from?: Date;
        to?: Date;
        ids?: ObjectId[];
      },
    ) {
      const query: Filter<LedgerEntryDoc> = {
        sellerId,
        ...(filter.ids && { _id: { $in: filter.ids } }),
        type: filter.type ?? { $in: ['refund', 'chargeback'] },
        ...(filter.currency && { currency: filter.currency }),
        ...((filter.from || filter.to) && {
          at: { ...(filter.from && { $gte: filter.from }), ...(filter.to && { $lte: filter.to }) },
        }),
      };
      return pageOf(query, q);
    },
    /** The seller's movements in [from, to), oldest first (the statement). */
    between: (sellerId: string, from: Date, to: Date) =>
      ledger
        .find({ sellerId, at: { $gte: from, $lt: to } })
        .sort({ at: 1, _id: 1 })
        .toArray(),
    ofOrder: (orderId: ObjectId) => ledger.find({ orderId }).toArray(),
    /** The order's lines whose sale was withheld from a suspended seller. */
    async heldItemIds(orderId: ObjectId): Promise<Set<string>> {
      const held = await ledger.find({ orderId, type: 'sale', held: true }).toArray();
      return new Set(held.map((e) => e.itemId.toHexString()));
    },
  };
}
export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
