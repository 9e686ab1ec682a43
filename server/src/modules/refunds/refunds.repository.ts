import {
  MongoServerError,
  type Db,
  type Filter,
  type IndexDescription,
  type ObjectId,
} from 'mongodb';
import type { Currency, RefundStatus } from '@market/shared';
import type { ListQuery } from '../../lib/list-query.ts';
import { countMatching } from '../../db/count.ts';

export type RefundLineDoc = {
  itemId: ObjectId;
  /** What goes back for the line: its price less its share of the coupon discount. */
  cents: number;
};

export type RefundDoc = {
  _id: ObjectId;
  /** `refund:<orderId>:<itemId|all>`: one refund of that scope at a time. */
  scope: string;
  /** Sent as the provider's idempotency key: the scope, `:<n>` added after a refused attempt. */
  idempotencyKey: string;
  orderId: ObjectId;
  orderNumber: string;
  itemId: ObjectId | null;
  lines: RefundLineDoc[];
  amountCents: number;
  currency: Currency;
  reason: string;
  status: RefundStatus;
  providerRefundId: string | null;
  /** Why the provider refused it (`failed` only). */
  failure: string | null;
  actorUid: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export const refundIndexes: IndexDescription[] = [
  // A retried refund finds the attempt it resumes; an order's refunds for the console.
  { key: { scope: 1, createdAt: -1 } },
  // One attempt of a scope at a time: two racing calls (the buyer's return and the webhook
  // both declining an order) open one refund, not two records of the same provider refund.
  {
    key: { scope: 1 },
    name: 'one_pending_per_scope',
    unique: true,
    partialFilterExpression: { status: 'pending' },
  },
  { key: { orderId: 1, createdAt: -1 } },
  // The console's status filter, newest first (same instant: by id).
  { key: { status: 1, createdAt: -1, _id: -1 } },
  { key: { createdAt: -1, _id: -1 } },
  // The job resuming refunds a crash left pending: the pending ones alone, oldest change first.
  { key: { status: 1, updatedAt: 1 }, partialFilterExpression: { status: 'pending' } },
];

export type RefundPageFilter = {
  id?: ObjectId[] | undefined;
  orderId?: ObjectId | undefined;
  status?: RefundStatus | undefined;
};

/** Sorted by date only: each filter has its index by date (another column would sort every match in memory). */
const SORTABLE = new Set(['createdAt']);

/** The only code that touches the `refunds` collection. */
export function createRefundRepository(db: Db) {
  const refunds = db.collection<RefundDoc>('refunds');
  return {
    /**
     * Inserts a pending refund; when a racing call opened one of the scope first, answers that
     * one instead (null if it finished meanwhile).
     */
    async open(doc: RefundDoc): Promise<RefundDoc | null> {
      try {
        await refunds.insertOne(doc);
        return doc;
      } catch (err) {
        if (!(err instanceof MongoServerError && err.code === 11000)) throw err;
        return refunds.findOne({ scope: doc.scope, status: 'pending' });
      }
    },
    findById: (id: ObjectId) => refunds.findOne({ _id: id }),
    /** Every refund attempt of these orders, newest first (a seller's sales and refunds). */
    ofOrders: (orderIds: ObjectId[]) =>
      refunds
        .find({ orderId: { $in: orderIds } })
        .sort({ createdAt: -1 })
        .toArray(),
    /** The attempt of this scope still waiting for the provider's answer, if any. */
    pendingOf: (scope: string) => refunds.findOne({ scope, status: 'pending' }),
    /** How many attempts of this scope the provider refused (the next key counts on). */
    failedCount: (scope: string) => refunds.countDocuments({ scope, status: 'failed' }),
    complete: (id: ObjectId, providerRefundId: string, at: Date) =>
      refunds.updateOne(
        { _id: id, status: 'pending' },
        { $set: { status: 'completed', providerRefundId, updatedAt: at } },
      ),
    fail: (id: ObjectId, failure: string, at: Date) =>
      refunds.updateOne(
        { _id: id, status: 'pending' },
        { $set: { status: 'failed', failure, updatedAt: at } },
      ),
    /** Refunds pending since before `before`: a crash came between the provider and the books. */
    stalePending: (before: Date, limit: number) =>
      refunds
        .find({ status: 'pending', updatedAt: { $lt: before } })
        .limit(limit)
        .toArray(),
    async page(q: ListQuery, f: RefundPageFilter) {
      const query: Filter<RefundDoc> = {};
      if (f.id) query._id = { $in: f.id };
      if (f.orderId) query.orderId = f.orderId;
      if (f.status) query.status = f.status;
      const field = q.sort && SORTABLE.has(q.sort.field) ? q.sort.field : 'createdAt';
      const [rows, total] = await Promise.all([
        refunds
          .find(query)
          // The tie-breaker follows the order, so one index serves both directions.
          .sort({ [field]: q.sort?.order ?? -1, _id: q.sort?.order ?? -1 })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        countMatching(refunds, query),
      ]);
      return { rows, total };
    },
  };
}
export type RefundRepository = ReturnType<typeof createRefundRepository>;
