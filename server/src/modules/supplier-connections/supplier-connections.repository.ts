import type { Db, Filter, IndexDescription, ObjectId } from 'mongodb';
import type { ConnectionStatus, Currency, SupplierId } from '@market/shared';
import type { ListQuery } from '../../lib/list-query.ts';
import { countMatching } from '../../db/count.ts';

/** One seller's account at one supplier. */
export type SupplierConnectionDoc = {
  _id: ObjectId;
  sellerId: string;
  supplier: SupplierId;
  label: string;
  /** The credentials' JSON, sealed by the key vault (`v1:iv:tag:data`). Never leaves the server. */
  credentials: string;
  /** What the console shows of the credentials (`…a1b2`, or the account's email). */
  credentialsHint: string;
  status: ConnectionStatus;
  lastCheck: {
    at: Date;
    ok: boolean;
    balance: { cents: number; currency: Currency } | null;
    error: string | null;
  } | null;
  lastSyncAt: Date | null;
  lastError: { at: Date; message: string } | null;
  createdAt: Date;
  updatedAt: Date;
};

export const supplierConnectionIndexes: IndexDescription[] = [
  // One connection per seller and supplier: the catalogue, stock and offers of a supplier hang
  // on "the seller's account there", so a second account would split them for no use anyone has.
  // Its prefix also serves the seller's own list.
  { key: { sellerId: 1, supplier: 1 }, unique: true },
  // A supplier's postback is checked against the connections to that supplier.
  { key: { supplier: 1 } },
  // The seller's list by date (same instant: by id).
  { key: { sellerId: 1, createdAt: -1, _id: -1 } },
];

const SORTABLE = new Set(['createdAt', 'updatedAt', 'supplier', 'label', 'status', 'lastSyncAt']);

/** What the seller console's list filters on. */
export type SupplierConnectionPageFilter = {
  id?: ObjectId[] | undefined;
  supplier?: SupplierId | undefined;
};

type ConnectionChange = Partial<
  Pick<
    SupplierConnectionDoc,
    'label' | 'credentials' | 'credentialsHint' | 'status' | 'lastCheck' | 'lastError'
  >
>;

/** The only code that touches the `supplierConnections` collection. */
export function createSupplierConnectionRepository(db: Db) {
  const connections = db.collection<SupplierConnectionDoc>('supplierConnections');
  return {
    insert: (doc: SupplierConnectionDoc) => connections.insertOne(doc),
    findById: (id: ObjectId) => connections.findOne({ _id: id }),
    /** Every connection to one supplier (a postback names no connection: its signature does). */
    ofSupplier: (supplier: SupplierConnectionDoc['supplier']) =>
      connections.find({ supplier }).toArray(),
    /** The seller's own connection; null for an unknown id and for another seller's alike. */
    findOwn: (id: ObjectId, sellerId: string) => connections.findOne({ _id: id, sellerId }),
    /** Changes the seller's own connection; null when it is not theirs. */
    updateOwn: (id: ObjectId, sellerId: string, set: ConnectionChange, at: Date) =>
      connections.findOneAndUpdate(
        { _id: id, sellerId },
        { $set: { ...set, updatedAt: at } },
        { returnDocument: 'after' },
      ),
    /**
     * Records a test's outcome, only while the connection still has the credentials tested (new
     * ones saved meanwhile are untested); null otherwise.
     */
    recordCheck: (id: ObjectId, credentials: string, set: ConnectionChange, at: Date) =>
      connections.findOneAndUpdate(
        { _id: id, credentials },
        { $set: { ...set, updatedAt: at } },
        { returnDocument: 'after' },
      ),
    /**
     * Records a sync of the connection's offers: `lastSyncAt` when it worked, `lastError` when
     * it did not (the last good sync stays). Null for a connection that is gone.
     */
    recordSync: (id: ObjectId, at: Date, error: string | null) =>
      connections.findOneAndUpdate(
        { _id: id },
        { $set: error === null ? { lastSyncAt: at } : { lastError: { at, message: error } } },
        { returnDocument: 'after' },
      ),
    /** Removes the seller's own connection; the removed one, or null when it is not theirs. */
    removeOwn: (id: ObjectId, sellerId: string) =>
      connections.findOneAndDelete({ _id: id, sellerId }),
    async pageOfSeller(sellerId: string, q: ListQuery, f: SupplierConnectionPageFilter) {
      const query: Filter<SupplierConnectionDoc> = { sellerId };
      if (f.id) query._id = { $in: f.id };
      if (f.supplier) query.supplier = f.supplier;
      const field = q.sort && SORTABLE.has(q.sort.field) ? q.sort.field : 'createdAt';
      const [rows, total] = await Promise.all([
        connections
          .find(query)
          // The tie-breaker follows the order, so one index serves both directions.
          .sort({ [field]: q.sort?.order ?? -1, _id: q.sort?.order ?? -1 })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        countMatching(connections, query),
      ]);
      return { rows, total };
    },
    /** How many connections each supplier has, across sellers (suppliers with none left out). */
    async countBySupplier(): Promise<Partial<Record<SupplierId, number>>> {
      const groups = await connections
        // Sorted by supplier first: the group walks the supplier index's keys, not the documents.
        .aggregate<{ _id: SupplierId; n: number }>([
          { $sort: { supplier: 1 } },
          { $group: { _id: '$supplier', n: { $sum: 1 } } },
        ])
        .toArray();
      return Object.fromEntries(groups.map((g) => [g._id, g.n]));
    },
  };
}
export type SupplierConnectionRepository = ReturnType<typeof createSupplierConnectionRepository>;
