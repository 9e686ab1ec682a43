import type { Db, IndexDescription, ObjectId } from 'mongodb';
import type { Currency, DisputeEvidence, DisputeStatus, PaymentProvider } from '@market/shared';
import type { ListQuery } from '../../lib/list-query.ts';
import { countMatching } from '../../db/count.ts';

/** One provider dispute, `_id` `<provider>:<dispute id>`: a repeated event finds it there. */
export type DisputeDoc = {
  _id: string;
  provider: PaymentProvider;
  disputeId: string;
  orderId: ObjectId | null;
  orderNumber: string | null;
  reason: string;
  amountCents: number;
  currency: Currency | null;
  dueAt: Date | null;
  status: DisputeStatus;
  providerStatus: string;
  outcome: string | null;
  /** Assembled and stored before the provider is called: what was sent, even after a crash. */
  evidence: DisputeEvidence | null;
  evidenceSentAt: Date | null;
  attempts: number;
  lastError: string | null;
  /** Work is left (evidence to send, a won dispute's ledger to restore): the job's next try. */
  nextAttemptAt: Date | null;
  /** Held by the instance working on it until then (a conditional update takes it). */
  leaseUntil: Date | null;
  ledgerRestoredAt: Date | null;
  /** The provider's event ids, each once (`$addToSet`). */
  events: string[];
  decidedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export const disputeIndexes: IndexDescription[] = [
  // The admin's list, newest first, and by status.
  { key: { createdAt: -1, _id: -1 } },
  { key: { status: 1, createdAt: -1, _id: -1 } },
  // An order's disputes (its chargeback settled: a won one restores the ledger).
  { key: { orderId: 1 } },
  // The job: disputes with work left whose next try is due.
  { key: { nextAttemptAt: 1 } },
];

/** What the provider says of a dispute, written on every event about it. */
export type DisputeFacts = Pick<
  DisputeDoc,
  | 'provider'
  | 'disputeId'
  | 'orderId'
  | 'orderNumber'
  | 'reason'
  | 'amountCents'
  | 'currency'
  | 'dueAt'
  | 'providerStatus'
  | 'outcome'
>;

/** The only code that touches the `disputes` collection. */
export function createDisputeRepository(db: Db) {
  const disputes = db.collection<DisputeDoc>('disputes');
  const idOf = (provider: PaymentProvider, disputeId: string) => `${provider}:${disputeId}`;

  return {
    idOf,
    findById: (id: string) => disputes.findOne({ _id: id }),
    ofOrder: (orderId: ObjectId) => disputes.find({ orderId }).limit(20).toArray(),

    /**
     * Records what the provider says (created on the first event, updated after), the event id
     * once. A status the shop decided (`won`, `lost`) never goes back to open: providers'
     * events arrive in any order.
     */
    async record(facts: DisputeFacts, eventId: string | null, at: Date): Promise<DisputeDoc> {
      const _id = idOf(facts.provider, facts.disputeId);
      const doc = await disputes.findOneAndUpdate(
        { _id },
        {
          $set: { ...facts, updatedAt: at },
          ...(eventId ? { $addToSet: { events: eventId } } : {}),
          $setOnInsert: {
            status: 'open',
            evidence: null,
            evidenceSentAt: null,
            attempts: 0,
            lastError: null,
            nextAttemptAt: at,
            leaseUntil: null,
            ledgerRestoredAt: null,
            decidedAt: null,
            createdAt: at,
            ...(eventId ? {} : { events: [] }),
          },
        },
        { upsert: true, returnDocument: 'after' },
      );
      return doc!;
    },

    /** Moves an undecided dispute to `status` (a decided one keeps its decision). */
    async setStatus(id: string, status: DisputeStatus, at: Date): Promise<DisputeDoc | null> {
      const decided = status === 'won' || status === 'lost' || status === 'closed';
      return disputes.findOneAndUpdate(
        { _id: id, status: { $in: ['open', 'submitted'] } },
        {
          $set: {
            status,
            updatedAt: at,
            ...(decided ? { decidedAt: at } : {}),
            // Decided: only a won dispute has work left (its ledger), at once.
            ...(decided ? { nextAttemptAt: status === 'won' ? at : null } : {}),
          },
        },
        { returnDocument: 'after' },
      );
    },

    /**
     * Takes the dispute's work for `leaseMs` when nobody holds it (a conditional update: among
     * any number of instances one gets it); null when another holds it or nothing is left.
     */
    claim: (id: string, now: Date, leaseMs: number) =>
      disputes.findOneAndUpdate(
        {
          _id: id,
          nextAttemptAt: { $ne: null },
          $or: [{ leaseUntil: null }, { leaseUntil: { $lte: now } }],
        },
        { $set: { leaseUntil: new Date(now.getTime() + leaseMs) } },
        { returnDocument: 'after' },
      ),

    /** Disputes whose next try is due (the job claims each before working on it). */
    due: (now: Date, limit: number) =>
      disputes
        .find({ nextAttemptAt: { $lte: now } }, { projection: { _id: 1 } })
        .sort({ nextAttemptAt: 1 })
        .limit(limit)
        .toArray(),

    /** The evidence about to be sent: stored first, so the console shows what went out. */
    saveEvidence: (id: string, evidence: DisputeEvidence, at: Date) =>
      disputes.updateOne({ _id: id }, { $set: { evidence, updatedAt: at } }),

    /** The provider took the evidence: submitted (unless decided meanwhile), nothing left. */
    async evidenceSent(id: string, at: Date) {
      await disputes.updateOne(
        { _id: id },
        { $set: { evidenceSentAt: at, lastError: null, leaseUntil: null, updatedAt: at } },
      );
      await disputes.updateOne(
        { _id: id, status: 'open' },
        { $set: { status: 'submitted', nextAttemptAt: null } },
      );
    },

    /** A try failed: counted, retried at `next` (null: given up), the lease released. */
    failed: (id: string, error: string, next: Date | null, at: Date) =>
      disputes.updateOne(
        { _id: id },
        {
          $inc: { attempts: 1 },
          $set: { lastError: error, nextAttemptAt: next, leaseUntil: null, updatedAt: at },
        },
      ),

    /** Nothing left to do now (a decided dispute, its ledger settled). */
    done: (id: string, set: Partial<Pick<DisputeDoc, 'ledgerRestoredAt'>>, at: Date) =>
      disputes.updateOne(
        { _id: id },
        { $set: { ...set, nextAttemptAt: null, leaseUntil: null, updatedAt: at } },
      ),

    /** The admin's page, newest first; `status` filters. */
    async page(q: ListQuery, filter: { id?: string[]; status?: DisputeStatus }) {
      const query = {
        ...(filter.id ? { _id: { $in: filter.id } } : {}),
        ...(filter.status ? { status: filter.status } : {}),
      };
      const order = q.sort?.order ?? -1;
      const [rows, total] = await Promise.all([
        disputes
          .find(query)
          .sort({ createdAt: order, _id: order })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        countMatching(disputes, query),
      ]);
      return { rows, total };
    },
  };
}
export type DisputeRepository = ReturnType<typeof createDisputeRepository>;
