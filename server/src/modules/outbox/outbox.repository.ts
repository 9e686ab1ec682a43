import { ObjectId, type Db, type IndexDescription } from 'mongodb';
import type { Locale, MailDelivery, MailKind } from '@market/shared';
import type { ListQuery } from '../../lib/list-query.ts';
import { countMatching } from '../../db/count.ts';

export type { MailKind };

export type OutboxDoc = {
  _id: ObjectId;
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: MailKind;
  /** The recipient's language the mail is written in (absent on mails from before templates). */
  locale?: Locale;
  /**
   * The event the mail tells of (`order-delivered:<orderId>` …), unique: a job repeated after a
   * crash finds its mail already here and sends nothing twice. Absent: a mail asked for anew
   * each time (a verification link).
   */
  key?: string;
  /** `sent` through SMTP, or `stored` only (no SMTP configured: development, test). */
  delivery: MailDelivery;
  /** SMTP attempts that failed so far (absent: none, or a mail from before retries). */
  attempts?: number;
  /**
   * When a `pending` mail is next tried: after a failed attempt, its backoff; while an attempt
   * runs, the end of that attempt's claim (an instance that died mid-send is retried then).
   */
  nextAttemptAt?: Date;
  /** Why the last SMTP attempt failed. */
  lastError?: string;
  /**
   * Its link is a credential (a password reset, an admin invitation: whoever holds it sets the
   * password), marked by its template when written: the console shows it masked, and every read
   * of it is audited (`outbox.routes.ts`; mails written before the mark go by their kind).
   */
  credential?: true;
  /** Files it carries, by reference (`mailer.ts`, `MailAttachment`): rendered when sent. */
  attachments?: Array<{ filename: string; contentType: string; ref: string }>;
  createdAt: Date;
};

export const outboxIndexes: IndexDescription[] = [
  { key: { to: 1, createdAt: -1 } },
  // The admin's list, newest first.
  { key: { createdAt: -1 } },
  { key: { key: 1 }, unique: true, sparse: true },
  // The retry job's selection of due mails.
  { key: { delivery: 1, nextAttemptAt: 1 } },
];

const isDuplicateKey = (err: unknown) => (err as { code?: number }).code === 11000;

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The only code that touches the `outbox` collection: every mail the shop sends. */
export function createOutboxRepository(db: Db) {
  const outbox = db.collection<OutboxDoc>('outbox');
  return {
    /** Stores a mail; null when its `key` is already in the outbox (the event was told). */
    async add(mail: Omit<OutboxDoc, '_id'>): Promise<OutboxDoc | null> {
      const doc = { _id: new ObjectId(), ...mail };
      try {
        await outbox.insertOne(doc);
      } catch (err) {
        if (mail.key !== undefined && isDuplicateKey(err)) return null;
        throw err;
      }
      return doc;
    },
    /** How the SMTP attempt of a stored mail ended. */
    setDelivery: (id: ObjectId, delivery: MailDelivery) =>
      outbox.updateOne(
        { _id: id },
        { $set: { delivery }, $unset: { nextAttemptAt: '', lastError: '' } },
      ),
    /** A failed attempt: tried again at `next`, or given up (`failed`) when `next` is null. */
    attemptFailed: (id: ObjectId, error: string, next: Date | null) =>
      outbox.updateOne(
        { _id: id },
        next
          ? {
              $set: { delivery: 'pending', lastError: error, nextAttemptAt: next },
              $inc: { attempts: 1 },
            }
          : {
              $set: { delivery: 'failed', lastError: error },
              $inc: { attempts: 1 },
              $unset: { nextAttemptAt: '' },
            },
      ),
    /**
     * Claims one pending mail that is due: its `nextAttemptAt` moves to `until`, so no other
     * instance takes it meanwhile (one conditional update: the claim is the selection).
     */
    claimDue: (now: Date, until: Date) =>
      outbox.findOneAndUpdate(
        { delivery: 'pending', nextAttemptAt: { $lte: now } },
        { $set: { nextAttemptAt: until } },
        { sort: { nextAttemptAt: 1 }, returnDocument: 'after' },
      ),
    /** Mails waiting for an SMTP attempt (the outbox backlog). */
    pendingCount: () => outbox.countDocuments({ delivery: 'pending' }),
    findById: (id: string) =>
      ObjectId.isValid(id) ? outbox.findOne({ _id: new ObjectId(id) }) : Promise.resolve(null),
    async page(
      q: ListQuery,
      filter: { q?: string; to?: string; delivery?: MailDelivery; id?: string | string[] },
    ) {
      const query: Record<string, unknown> = {};
      if (filter.to) query.to = filter.to.toLowerCase();
      if (filter.delivery) query.delivery = filter.delivery;
      if (filter.id !== undefined) {
        const ids = [filter.id].flat().filter((id) => ObjectId.isValid(id));
        query._id = { $in: ids.map((id) => new ObjectId(id)) };
      }
      if (filter.q) {
        const re = { $regex: escapeRegex(filter.q), $options: 'i' };
        query.$or = [{ to: re }, { subject: re }];
      }
      const sortField = q.sort?.field === 'id' ? '_id' : (q.sort?.field ?? 'createdAt');
      const [rows, total] = await Promise.all([
        outbox
          .find(query)
          .sort({ [sortField]: q.sort?.order ?? -1 })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        countMatching(outbox, query),
      ]);
      return { rows, total };
    },
    /** What was mailed to `to` since `since`, oldest first (a dispute's evidence lists them). */
    sentTo: (to: string, since: Date, limit: number) =>
      outbox
        .find(
          { to: to.toLowerCase(), createdAt: { $gte: since } },
          { projection: { subject: 1, kind: 1, key: 1, delivery: 1, createdAt: 1 } },
        )
        .sort({ createdAt: 1 })
        .limit(limit)
        .toArray(),
    /** Erasure: the mails to `to` stay counted, addressed to `standIn`, their bodies gone. */
    redactTo: (to: string, standIn: string, note: string) =>
      outbox.updateMany(
        { to: to.toLowerCase() },
        { $set: { to: standIn, text: note, html: `<p>${note}</p>` } },
      ),
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
