import { MongoServerError, ObjectId, type Db, type Filter, type IndexDescription } from 'mongodb';
import type { SupplierId, SupplierPurchaseStatus } from '@market/shared';
import type { ListQuery } from '../../lib/list-query.ts';
import type { SupplierPrice } from '../../integrations/suppliers/supplier.ts';
import { countMatching } from '../../db/count.ts';

export type SupplierPurchaseDoc = {
  _id: ObjectId;
  clientRef: string;
  kind: 'onDemand' | 'stock';
  supplier: SupplierId;
  connectionId: ObjectId;
  /** Sellers' ids are their shop slugs (`sellers._id`), not ObjectIds. */
  sellerId: string;
  offerId: ObjectId;
  orderId: ObjectId | null;
  sku: string;
  quantity: number;
  maxUnitPrice: SupplierPrice;
  unitPrice: SupplierPrice | null;
  supplierPurchaseId: string | null;
  status: SupplierPurchaseStatus;
  codeCount: number;
  error: { code: string; message: string } | null;
  /**
   * Times a holder of the unit's lease went on to ask or buy from the supplier: 0 means nobody
   * ever called the supplier for it, so the first buyer need not ask first. Absent on records
   * written before leases (they are asked, like any record seen again).
   */
  attempts?: number;
  createdAt: Date;
  updatedAt: Date;
};

export type SupplierPurchaseIntent = Pick<
  SupplierPurchaseDoc,
  | 'clientRef'
  | 'kind'
  | 'supplier'
  | 'connectionId'
  | 'sellerId'
  | 'offerId'
  | 'orderId'
  | 'sku'
  | 'quantity'
  | 'maxUnitPrice'
>;

export const supplierPurchaseIndexes: IndexDescription[] = [
  // "At most once, ever" is a database fact: a second intent for a clientRef cannot be written.
  { key: { clientRef: 1 }, unique: true },
  { key: { orderId: 1 } },
  // A supplier's postback names its own purchase id.
  { key: { supplierPurchaseId: 1 }, sparse: true },
  { key: { status: 1, updatedAt: 1 } },
  // The admin's list by date (same instant: by id).
  { key: { createdAt: -1, _id: -1 } },
];

const SORTABLE = new Set(['createdAt', 'updatedAt', 'status', 'supplier', 'clientRef']);

export type SupplierPurchaseFilter = {
  id?: ObjectId[] | undefined;
  status?: SupplierPurchaseStatus | undefined;
  supplier?: SupplierId | undefined;
  orderId?: ObjectId | undefined;
  sellerId?: string | undefined;
};

/** The only code that touches `supplierPurchases`. */
export function createSupplierPurchaseRepository(db: Db) {
  const purchases = db.collection<SupplierPurchaseDoc>('supplierPurchases');
  const set = (clientRef: string, fields: Partial<SupplierPurchaseDoc>) =>
    purchases.findOneAndUpdate(
      { clientRef },
      { $set: { ...fields, updatedAt: new Date() } },
      { returnDocument: 'after' },
    );
  return {
    /**
     * Records the intent before the supplier is called. Answers the existing record when the
     * clientRef was recorded before (`created: false`): the caller resumes it, never buys anew.
     */
    async record(
      intent: SupplierPurchaseIntent,
      at: Date,
    ): Promise<{ doc: SupplierPurchaseDoc; created: boolean }> {
      const doc: SupplierPurchaseDoc = {
        _id: new ObjectId(),
        ...intent,
        unitPrice: null,
        supplierPurchaseId: null,
        status: 'requested',
        codeCount: 0,
        error: null,
        attempts: 0,
        createdAt: at,
        updatedAt: at,
      };
      try {
        await purchases.insertOne(doc);
        return { doc, created: true };
      } catch (err) {
        if (!(err instanceof MongoServerError && err.code === 11000)) throw err;
        const existing = await purchases.findOne({ clientRef: intent.clientRef });
        if (!existing) throw err;
        return { doc: existing, created: false };
      }
    },
    findByClientRef: (clientRef: string) => purchases.findOne({ clientRef }),
    /** The purchase the supplier knows by this id (its postbacks name it so). */
    findBySupplierPurchaseId: (supplier: SupplierId, supplierPurchaseId: string) =>
      purchases.findOne({ supplier, supplierPurchaseId }),
    findById: (id: ObjectId) => purchases.findOne({ _id: id }),
    byOrder: (orderId: ObjectId) => purchases.find({ orderId }).sort({ clientRef: 1 }).toArray(),
    /** The supplier answered: its purchase id and price; codes not stored yet. */
    answered: (clientRef: string, supplierPurchaseId: string, unitPrice: SupplierPrice) =>
      set(clientRef, { supplierPurchaseId, unitPrice, status: 'pending' }),
    /**
     * Counts an attempt on an unsettled purchase (under its lease): answers the attempts made
     * before this one, or null when the purchase is settled (stored, failed) or unknown.
     */
    async attempt(clientRef: string): Promise<number | null> {
      const before = await purchases.findOneAndUpdate(
        { clientRef, status: { $in: ['requested', 'pending'] } },
        { $inc: { attempts: 1 }, $set: { updatedAt: new Date() } },
        { returnDocument: 'before', projection: { attempts: 1 } },
      );
      return before ? (before.attempts ?? 1) : null;
    },
    stored: (clientRef: string, codeCount: number) =>
      set(clientRef, { codeCount, status: 'stored', error: null }),
    failed: (clientRef: string, error: { code: string; message: string }) =>
      set(clientRef, { status: 'failed', error }),
    /** Purchases and failures per supplier since `since` (the admin's error rate). */
    async outcomesBySupplier(
      since: Date,
    ): Promise<Partial<Record<SupplierId, { total: number; failed: number }>>> {
      const groups = await purchases
        .aggregate<{ _id: SupplierId; total: number; failed: number }>([
          { $match: { createdAt: { $gte: since } } },
          {
            $group: {
              _id: '$supplier',
              total: { $sum: 1 },
              failed: { $sum: { $cond: [{ $eq: ['$status', 'failed'] }, 1, 0] } },
            },
          },
        ])
        .toArray();
      return Object.fromEntries(groups.map((g) => [g._id, { total: g.total, failed: g.failed }]));
    },
    /** Purchases not settled since before `before`: recovery asks the supplier about them. */
    unsettled: (before: Date, limit: number) =>
      purchases
        .find({ status: { $in: ['requested', 'pending'] }, updatedAt: { $lt: before } })
        .limit(limit)
        .toArray(),
    async page(q: ListQuery, f: SupplierPurchaseFilter) {
      const query: Filter<SupplierPurchaseDoc> = {};
      if (f.id) query._id = { $in: f.id };
      if (f.status) query.status = f.status;
      if (f.supplier) query.supplier = f.supplier;
      if (f.orderId) query.orderId = f.orderId;
      if (f.sellerId) query.sellerId = f.sellerId;
      const field = q.sort && SORTABLE.has(q.sort.field) ? q.sort.field : 'createdAt';
      const [rows, total] = await Promise.all([
        purchases
          .find(query)
          // The tie-breaker follows the order, so one index serves both directions.
          .sort({ [field]: q.sort?.order ?? -1, _id: q.sort?.order ?? -1 })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        countMatching(purchases, query),
      ]);
      return { rows, total };
    },
  };
}
export type SupplierPurchaseRepository = ReturnType<typeof createSupplierPurchaseRepository>;
