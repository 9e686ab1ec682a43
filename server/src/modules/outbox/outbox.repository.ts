import { ObjectId, type Db, type IndexDescription } from 'mongodb';
import type { MailDelivery, MailKind } from '@market/shared';
import type { ListQuery } from '../../lib/list-query.ts';

export type { MailKind };

export type OutboxDoc = {
  _id: ObjectId;
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: MailKind;
  /** `sent` through SMTP, or `stored` only (no SMTP configured: development, test). */
  delivery: MailDelivery;
  createdAt: Date;
};

export const outboxIndexes: IndexDescription[] = [{ key: { to: 1, createdAt: -1 } }];

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The only code that touches the `outbox` collection: every mail the shop sends. */
export function createOutboxRepository(db: Db) {
  const outbox = db.collection<OutboxDoc>('outbox');
  return {
    async add(mail: Omit<OutboxDoc, '_id'>): Promise<OutboxDoc> {
      const doc = { _id: new ObjectId(), ...mail };
      await outbox.insertOne(doc);
      return doc;
    },
    findById: (id: string) =>
      ObjectId.isValid(id) ? outbox.findOne({ _id: new ObjectId(id) }) : Promise.resolve(null),
    async page(q: ListQuery, filter: { q?: string; to?: string }) {
      const query: Record<string, unknown> = {};
      if (filter.to) query.to = filter.to.toLowerCase();
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
        outbox.countDocuments(query),
      ]);
      return { rows, total };
    },
    /** Erasure: the mails to `to` stay counted, addressed to `standIn`, their bodies gone. */
    redactTo: (to: string, standIn: string, note: string) =>
      outbox.updateMany(
        { to: to.toLowerCase() },
        { $set: { to: standIn, text: note, html: `<p>${note}</p>` } },
      ),
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
