import { MongoBulkWriteError, type Db, type IndexDescription, type ObjectId } from 'mongodb';
import type { Currency } from '@market/shared';

/**
 * What the marketplace owes each seller: one entry per event on an order line. A sale credits
 * the line's amount; a refund (written by the refund flow) or a chargeback (the checkout's
 * chargebacks) debits it with a negative amount.
 */
export type LedgerEntryDoc = {
  _id: ObjectId;
  sellerId: string;
  orderId: ObjectId;
  itemId: ObjectId;
  type: 'sale' | 'refund' | 'chargeback';
  /** Signed cents: positive for a sale, negative for a refund or a chargeback. */
  amountCents: number;
  currency: Currency;
  at: Date;
  /**
   * A sale delivered while its seller was suspended (the buyer paid and gets the keys), and the
   * refunds of such a line: withheld from the seller's balance for the marketplace to settle.
   */
  held?: boolean;
};

export const ledgerIndexes: IndexDescription[] = [
  // One entry per line and event: a retried delivery (or a racing recovery) cannot credit twice.
  { key: { orderId: 1, itemId: 1, type: 1 }, unique: true },
  // A seller's balance.
  { key: { sellerId: 1, currency: 1 } },
];

/** The only code that touches the `sellerLedger` collection. */
export function createLedgerRepository(db: Db) {
  const ledger = db.collection<LedgerEntryDoc>('sellerLedger');
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
    /** The seller's balance in cents per currency (0 where nothing was sold). */
    async balanceOf(sellerId: string): Promise<Record<Currency, number>> {
      const rows = await ledger
        .aggregate<{ _id: Currency; total: number }>([
          { $match: { sellerId, held: { $ne: true } } },
          { $group: { _id: '$currency', total: { $sum: '$amountCents' } } },
        ])
        .toArray();
      const balance: Record<Currency, number> = { eur: 0, usd: 0, gbp: 0 };
      for (const row of rows) balance[row._id] = row.total;
      return balance;
    },
    ofOrder: (orderId: ObjectId) => ledger.find({ orderId }).toArray(),
    /** The order's lines whose sale was withheld from a suspended seller. */
    async heldItemIds(orderId: ObjectId): Promise<Set<string>> {
      const held = await ledger.find({ orderId, type: 'sale', held: true }).toArray();
      return new Set(held.map((e) => e.itemId.toHexString()));
    },
  };
}
export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
