import { ObjectId } from 'mongodb';
import type { BlocklistCreate, BlocklistEntry, BlocklistKind } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { ListQuery } from '../../lib/list-query.ts';
import type { AuditContext, AuditLog } from '../audit/audit.service.ts';
import { toObjectId, toObjectIds } from '../offers/object-ids.ts';
import type { BlocklistDoc, BlocklistRepository } from './blocklist.repository.ts';

const toEntry = (doc: BlocklistDoc): BlocklistEntry => ({
  id: doc._id.toHexString(),
  kind: doc.kind,
  value: doc.value,
  reason: doc.reason,
  // Entries written before anyone was recorded were put there by hand, in the database.
  addedBy: doc.addedBy ?? { actor: 'System', uid: null, email: null },
  createdAt: doc.createdAt.toISOString(),
});

/** The admin console's blocklist: list, add and remove, each change in the audit log. */
export function createBlocklistService(deps: {
  blocklist: BlocklistRepository;
  auditLog: AuditLog;
  clock?: () => Date;
}) {
  const { blocklist, auditLog } = deps;
  const now = deps.clock ?? (() => new Date());

  return {
    async list(
      q: ListQuery,
      filter: { id?: string | string[] | undefined; kind?: BlocklistKind; q?: string },
    ) {
      const { rows, total } = await blocklist.page(q, {
        ...filter,
        id: filter.id === undefined ? undefined : toObjectIds(filter.id),
      });
      return { rows: rows.map(toEntry), total };
    },

    async get(id: string): Promise<BlocklistEntry> {
      const oid = toObjectId(id);
      const doc = oid && (await blocklist.findById(oid));
      if (!doc) throw new AppError('NOT_FOUND');
      return toEntry(doc);
    },

    /** An admin lists a value; 409 (on `value`) when it is listed already. */
    async add(input: BlocklistCreate, ctx: AuditContext): Promise<BlocklistEntry> {
      const added = await blocklist.add({
        _id: new ObjectId(),
        kind: input.kind,
        value: input.value,
        reason: input.reason,
        addedBy: { actor: 'Admin', uid: ctx.actor.uid, email: ctx.actor.email },
        createdAt: now(),
      });
      if (!added) {
        throw new AppError('CONFLICT', {
          message: 'This value is on the blocklist already',
          errors: { value: 'Already on the blocklist' },
        });
      }
      await auditLog.record(ctx, {
        action: 'blocklist.add',
        target: { type: 'blocklist', id: added._id.toHexString() },
        reason: input.reason,
        details: { kind: added.kind, value: added.value },
      });
      return toEntry(added);
    },

    /** An admin takes a value off the list (screening stops refusing it). */
    async remove(id: string, ctx: AuditContext): Promise<BlocklistEntry> {
      const oid = toObjectId(id);
      const removed = oid && (await blocklist.remove(oid));
      if (!removed) throw new AppError('NOT_FOUND');
      await auditLog.record(ctx, {
        action: 'blocklist.remove',
        target: { type: 'blocklist', id },
        details: { kind: removed.kind, value: removed.value },
      });
      return toEntry(removed);
    },
  };
}
export type BlocklistService = ReturnType<typeof createBlocklistService>;
