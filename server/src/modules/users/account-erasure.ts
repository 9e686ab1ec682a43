import type { Auth } from 'firebase-admin/auth';
import { revokeSessions } from '../../identity/session-revocation.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuditContext, AuditLog } from '../audit/audit.service.ts';
import type { PersonalData } from './personal-data.ts';
import { standInFor } from './personal-data.ts';
import type { UserDoc, UserRepository } from './users.repository.ts';

type Deps = { users: UserRepository; auth: Auth; data: PersonalData; auditLog: AuditLog };

/**
 * The one erasure of an account, for the buyer's own "delete my account" and the admins'
 * "anonymise". Personal data goes (profile, identity, favorites, cart, mail bodies); what the
 * law or the money needs stays, anonymised (orders for invoicing, claims, reviews under a
 * stand-in name). Every step repeats harmlessly, and the first one records that the erasure
 * began: a crash half-way is finished by asking again (the buyer can still sign in until the
 * identity is deleted; an admin always can).
 */
export function createAccountErasure(deps: Deps) {
  const { users, auth, data } = deps;

  return {
    async anonymise(userId: string, ctx: AuditContext, by: 'self' | 'admin'): Promise<UserDoc> {
      const doc = await users.findById(userId);
      if (!doc) throw new AppError('NOT_FOUND', { message: 'No such user' });
      if (doc.anonymisedAt) return doc;
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
      const standIn = standInFor(userId);
      // First: the erasure began (kept with the address the mails went to) and sessions end.
      if (!doc.erasureRequestedAt) await users.update(userId, { erasureRequestedAt: new Date() });
      await revokeSessions(auth, users, userId).catch(ignoreMissingUser);
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
      await deps.auditLog.record(ctx, {
        action: 'user.anonymise',
        target: { type: 'user', id: userId },
        details: { by },
      });
      return erased!;
    },
  };
}
export type AccountErasure = ReturnType<typeof createAccountErasure>;

/** The identity is already gone (an earlier, interrupted erasure): nothing left to do there. */
function ignoreMissingUser(err: unknown): void {
  if ((err as { code?: string }).code !== 'auth/user-not-found') throw err;
}
