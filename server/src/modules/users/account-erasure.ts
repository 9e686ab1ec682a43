import type { Auth } from 'firebase-admin/auth';
import { ObjectId } from 'mongodb';
import { revokeSessions } from '../../identity/session-revocation.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../logger.ts';
import { SYSTEM_AUDIT_CONTEXT, type AuditContext, type AuditLog } from '../audit/audit.service.ts';
import type { ApiTokenFacade } from '../seller-api/api-tokens.facade.ts';
import type { PersonalData } from './personal-data.ts';
import { standInFor } from './personal-data.ts';
import type { UserDoc, UserRepository } from './users.repository.ts';

type Deps = {
  users: UserRepository;
  auth: Auth;
  data: PersonalData;
  auditLog: AuditLog;
  /** Ends the account's API tokens (none should be left: a seller is made a buyer first). */
  apiTokens: Pick<ApiTokenFacade, 'revokeAccount'>;
  log: Logger;
};

/** How long an erasure may stay half-done before the job takes it over (a crash, a timeout). */
export const ERASURE_RESUME_AFTER_MS = 5 * 60_000;
const RESUME_BATCH = 50;

/**
 * The one erasure of an account, for the buyer's own "delete my account" and the admins'
 * "anonymise". Personal data goes (profile, identity, favorites, cart, mail bodies); what the
 * law or the money needs stays, anonymised (orders for invoicing, claims, reviews under a
 * stand-in name). The first write records that the erasure began and its audit entry (once,
 * under a fixed id); every later step repeats harmlessly, so a crash half-way is finished by
 * asking again or by `resumeUnfinished` (main.ts's job).
 */
export function createAccountErasure(deps: Deps) {
  const { users, auth, data } = deps;

  /** Every step after the first; `doc` still holds the address the mails went to. */
  async function finish(doc: UserDoc, ctx: AuditContext): Promise<UserDoc> {
    const userId = doc._id;
    const standIn = standInFor(userId);
    await revokeSessions(auth, users, userId).catch(ignoreMissingUser);
    await deps.apiTokens.revokeAccount(ctx, userId, 'erasure');
    await data.orders.erase(userId, standIn);
    await data.claims.erase(userId, standIn);
    await data.reviews.erase(userId, standIn);
    await data.favorites.erase(userId);
    await data.cart.erase(userId);
    if (doc.email !== standIn.email) await data.outbox.erase(doc.email, standIn);
    await auth.deleteUser(userId).catch(ignoreMissingUser);
    const erased = await users.update(userId, {
      email: standIn.email,
      name: '',
      surname: '',
      image: null,
      marketingConsent: false,
      referrer: null,
      anonymisedAt: new Date(),
    });
    return erased!;
  }

  return {
    async anonymise(userId: string, ctx: AuditContext, by: 'self' | 'admin'): Promise<UserDoc> {
      const doc = await users.findById(userId);
      if (!doc) throw new AppError('NOT_FOUND', { message: 'No such user' });
      if (doc.anonymisedAt) return doc;
      if (!doc.erasureRequestedAt) {
        // A shop's trader records and an admin's audit trail outlive a buyer's: a role change first.
        if (doc.role !== 'user') {
          throw new AppError('CONFLICT', {
            message:
              'Only a buyer account can be deleted: sellers and admins are changed to buyers first',
          });
        }
        if ((await data.orders.openCount(userId)) > 0) {
          throw new AppError('CONFLICT', {
            message: 'An order is still awaiting payment or review: try again once it is decided',
          });
        }
      }
      const begun = (await users.beginErasure(userId, new Date(), new ObjectId()))!;
      await deps.auditLog.record(
        ctx,
        { action: 'user.anonymise', target: { type: 'user', id: userId }, details: { by } },
        begun.erasureAuditId,
      );
      return finish(begun, ctx);
    },

    /** Finishes erasures a crash left half-done (begun over ERASURE_RESUME_AFTER_MS ago). */
    async resumeUnfinished(now = new Date()): Promise<number> {
      const due = await users.unfinishedErasures(
        new Date(now.getTime() - ERASURE_RESUME_AFTER_MS),
        RESUME_BATCH,
      );
      for (const doc of due) {
        // Written already unless the crash came before it: then the System records it.
        await deps.auditLog.record(
          SYSTEM_AUDIT_CONTEXT,
          {
            action: 'user.anonymise',
            target: { type: 'user', id: doc._id },
            details: { by: 'resumed' },
          },
          doc.erasureAuditId,
        );
        await finish(doc, SYSTEM_AUDIT_CONTEXT);
        deps.log.info({ uid: doc._id }, 'account erasure resumed and finished');
      }
      return due.length;
    },
  };
}
export type AccountErasure = ReturnType<typeof createAccountErasure>;

/** The identity is already gone (an earlier, interrupted erasure): nothing left to do there. */
function ignoreMissingUser(err: unknown): void {
  if ((err as { code?: string }).code !== 'auth/user-not-found') throw err;
}
