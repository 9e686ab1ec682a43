import type { Db, Filter, IndexDescription, ObjectId } from 'mongodb';
import type { AuditAction } from '@market/shared';
import type { ListQuery } from '../../lib/list-query.ts';
import { countMatching } from '../../db/count.ts';

export type AuditDoc = {
  _id: ObjectId;
  actor: { uid: string; email: string | null };
  action: AuditAction;
  target: { type: string; id: string };
  reason: string | null;
  details: Record<string, unknown> | null;
  requestId: string | null;
  ip: string | null;
  at: Date;
};

export const auditIndexes: IndexDescription[] = [
  // Newest first, entries of the same instant by id: the console pages without sorting.
  { key: { at: -1, _id: -1 } },
  // The console filters by action, by actor and by target, newest first.
  { key: { action: 1, at: -1, _id: -1 } },
  { key: { 'actor.uid': 1, at: -1, _id: -1 } },
  { key: { 'target.id': 1, at: -1, _id: -1 } },
];

export type AuditPageFilter = {
  id?: ObjectId[] | undefined;
  action?: AuditAction | undefined;
  actorUid?: string | undefined;
  targetId?: string | undefined;
};

/** The only code that touches the `auditLog` collection. Entries are never changed or deleted. */
export function createAuditRepository(db: Db) {
  const log = db.collection<AuditDoc>('auditLog');
  return {
    insert: (doc: AuditDoc) => log.insertOne(doc),
    findById: (id: ObjectId) => log.findOne({ _id: id }),
    async page(q: ListQuery, filter: AuditPageFilter) {
      const query: Filter<AuditDoc> = {};
      if (filter.id) query._id = { $in: filter.id };
      if (filter.action) query.action = filter.action;
      if (filter.actorUid) query['actor.uid'] = filter.actorUid;
      if (filter.targetId) query['target.id'] = filter.targetId;
      // The log reads newest first; `at` is the only order it is kept in.
      const order = q.sort?.field === 'at' ? q.sort.order : -1;
      const [rows, total] = await Promise.all([
        log.find(query).sort({ at: order, _id: order }).skip(q.skip).limit(q.limit).toArray(),
        countMatching(log, query),
      ]);
      return { rows, total };
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
