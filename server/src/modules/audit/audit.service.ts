import type { Context } from 'hono';
import { MongoServerError, ObjectId } from 'mongodb';
import type { AuditAction, AuditEntry } from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/errors.ts';
import type { ListQuery } from '../../lib/list-query.ts';
import { remoteIp } from '../../lib/remote-ip.ts';
import { currentUser } from '../../middleware/auth.ts';
import { toObjectId, toObjectIds } from '../offers/object-ids.ts';
import type { AuditDoc, AuditRepository } from './audit.repository.ts';

/** Who acts and from where: taken from the request by the route, handed to services. */
export type AuditContext = {
  actor: { uid: string; email: string | null };
  requestId: string | null;
  ip: string | null;
  /**
   * Set when a service audited the request (an entry, or `unchanged`); the audit trail reads it
   * to add no entry of its own (admin writes only).
   */
  trail?: { handled: boolean } | undefined;
};

/** The marketplace itself, for what a job or a start-up migration does with nobody asking. */
export const SYSTEM_AUDIT_CONTEXT: AuditContext = {
  actor: { uid: 'system', email: null },
  requestId: null,
  ip: null,
};

/** What a service says happened; the context says who and where. */
export type AuditEvent = {
  action: AuditAction;
  target: { type: string; id: string };
  reason?: string | null | undefined;
  details?: Record<string, unknown> | null | undefined;
};

/** The audit context of a request (its signed-in user, request id and client address). */
export function auditContext(c: Context<AppEnv>): AuditContext {
  const user = currentUser(c);
  return {
    actor: { uid: user.uid, email: user.email },
    requestId: c.get('requestId') ?? null,
    ip: remoteIp(c) ?? null,
    trail: c.get('auditTrail') as AuditContext['trail'],
  };
}

function toAuditEntry(doc: AuditDoc): AuditEntry {
  return {
    id: doc._id.toHexString(),
    actor: doc.actor,
    action: doc.action,
    target: doc.target,
    reason: doc.reason,
    details: doc.details,
    requestId: doc.requestId,
    ip: doc.ip,
    at: doc.at.toISOString(),
  };
}

/** The audit log: services `record` what they did; the admin console reads it. */
export function createAuditLog(deps: { audit: AuditRepository }) {
  const { audit } = deps;
  return {
    /**
     * Writes one entry; awaited before the action's answer, so an unrecorded action fails. With
     * an `id` fixed beforehand, writing it again (a resumed job) is a no-op.
     */
    async record(ctx: AuditContext, event: AuditEvent, id?: ObjectId): Promise<void> {
      await audit
        .insert({
          _id: id ?? new ObjectId(),
          actor: ctx.actor,
          action: event.action,
          target: event.target,
          reason: event.reason ?? null,
          details: event.details ?? null,
          requestId: ctx.requestId,
          ip: ctx.ip,
          at: new Date(),
        })
        .catch((err: unknown) => {
          if (!(id && err instanceof MongoServerError && err.code === 11000)) throw err;
        });
      if (ctx.trail) ctx.trail.handled = true;
    },

    /** The write changed nothing, so nothing is recorded: the audit trail adds no entry either. */
    unchanged(ctx: AuditContext): void {
      if (ctx.trail) ctx.trail.handled = true;
    },

    async list(
      q: ListQuery,
      filter: {
        id?: string | string[] | undefined;
        action?: AuditAction | undefined;
        actorUid?: string | undefined;
        targetId?: string | undefined;
      },
    ) {
      const { rows, total } = await audit.page(q, {
        ...filter,
        id: filter.id === undefined ? undefined : toObjectIds(filter.id),
      });
      return { rows: rows.map(toAuditEntry), total };
    },

    async get(id: string): Promise<AuditEntry> {
      const oid = toObjectId(id);
      const doc = oid && (await audit.findById(oid));
      if (!doc) throw new AppError('NOT_FOUND');
      return toAuditEntry(doc);
    },
  };
}
export type AuditLog = ReturnType<typeof createAuditLog>;
