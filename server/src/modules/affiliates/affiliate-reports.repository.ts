import { MongoServerError, type Db, type IndexDescription } from 'mongodb';
import type { AwinAmendment, AwinConversion } from '../../integrations/awin/awin-client.ts';

export type AffiliateReportKind = 'conversion' | 'amendment';

/**
 * `pending` waits for `nextAttemptAt`; `sending` is claimed by one sender until `nextAttemptAt`
 * (after a crash it becomes due again); `cancelled` was never sent and never will be.
 */
export type AffiliateReportStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'cancelled';

export type AffiliateReportDoc = {
  /**
   * One report per order and change: `<orderRef>/conversion`, `<orderRef>/decline`,
   * `<orderRef>/refund/<refundedCents>`. A second insert of the same change fails on the
   * primary key, so a retried call can never send twice.
   */
  _id: string;
  orderReference: string;
  kind: AffiliateReportKind;
  conversion: AwinConversion | null;
  amendment: AwinAmendment | null;
  status: AffiliateReportStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
};

export const affiliateReportIndexes: IndexDescription[] = [
  // retryPending's scan of what is due, per kind.
  { key: { kind: 1, status: 1, nextAttemptAt: 1 } },
  // An order's reports: the conversion an amendment depends on, amendments it supersedes.
  { key: { orderReference: 1 } },
];

const isDuplicateKey = (err: unknown) => err instanceof MongoServerError && err.code === 11000;

/** The only code that touches `affiliateReports`: what we told (or will tell) Awin. */
export function createAffiliateReportRepository(db: Db) {
  const reports = db.collection<AffiliateReportDoc>('affiliateReports');
  const due = (now: Date) => ({
    status: { $in: ['pending', 'sending'] as AffiliateReportStatus[] },
    nextAttemptAt: { $lte: now },
  });

  return {
    findById: (id: string) => reports.findOne({ _id: id }),

    /** Stores a new report; false when this change was reported before. */
    async insert(doc: AffiliateReportDoc): Promise<boolean> {
      try {
        await reports.insertOne(doc);
        return true;
      } catch (err) {
        if (isDuplicateKey(err)) return false;
        throw err;
      }
    },

    /** Takes one due report for sending until `leaseUntil`, or null when it is not due. */
    claim: (id: string, now: Date, leaseUntil: Date) =>
      reports.findOneAndUpdate(
        { _id: id, ...due(now) },
        { $set: { status: 'sending', nextAttemptAt: leaseUntil } },
        { returnDocument: 'after' },
      ),

    /** Takes the oldest due report of `kind` for sending, or null when none is due. */
    claimNext: (kind: AffiliateReportKind, now: Date, leaseUntil: Date) =>
      reports.findOneAndUpdate(
        { kind, ...due(now) },
        { $set: { status: 'sending', nextAttemptAt: leaseUntil } },
        { sort: { nextAttemptAt: 1 }, returnDocument: 'after' },
      ),

    markSent: (id: string, now: Date) =>
      reports.updateOne(
        { _id: id, status: 'sending' },
        { $set: { status: 'sent', sentAt: now, lastError: null }, $inc: { attempts: 1 } },
      ),

    /** Back to pending until `at`; `counted` adds an attempt (a rate limit or wait does not). */
    retryAt: (id: string, at: Date, error: string | null, counted: boolean) =>
      reports.updateOne(
        { _id: id, status: 'sending' },
        {
          $set: { status: 'pending', nextAttemptAt: at, lastError: error },
          $inc: { attempts: counted ? 1 : 0 },
        },
      ),

    markFailed: (id: string, error: string) =>
      reports.updateOne(
        { _id: id, status: 'sending' },
        { $set: { status: 'failed', lastError: error }, $inc: { attempts: 1 } },
      ),

    /** Gives up a claimed report that has nothing left to change (its conversion never went out). */
    markCancelled: (id: string, reason: string) =>
      reports.updateOne(
        { _id: id, status: 'sending' },
        { $set: { status: 'cancelled', lastError: reason } },
      ),

    /** Cancels a report nobody is sending; false when it is in flight or already done. */
    async cancelPending(id: string): Promise<boolean> {
      const res = await reports.updateOne(
        { _id: id, status: 'pending' },
        { $set: { status: 'cancelled' } },
      );
      return res.modifiedCount === 1;
    },

    /** Makes an order's waiting amendments due now (their conversion just went out). */
    wakeAmendments: (orderReference: string, now: Date) =>
      reports.updateMany(
        { orderReference, kind: 'amendment', status: 'pending' },
        { $set: { nextAttemptAt: now } },
      ),

    /** Cancels an order's waiting amendments other than `keepId` (a newer change replaces them). */
    cancelOtherAmendments: (orderReference: string, keepId: string) =>
      reports.updateMany(
        { orderReference, kind: 'amendment', _id: { $ne: keepId }, status: 'pending' },
        { $set: { status: 'cancelled' } },
      ),
  };
}
export type AffiliateReportRepository = ReturnType<typeof createAffiliateReportRepository>;
