import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { AdminInvite, AdminInviteResult, Role, UserInfoFull } from '@market/shared';
import type { AuthUser } from '../../identity/auth-user.ts';
import { revokeSessions } from '../../identity/session-revocation.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuditContext, AuditLog } from '../audit/audit.service.ts';
import type { Mails } from '../mails/mails.ts';
import { adminInviteMail } from '../mails/templates.ts';
import type { ApiTokenFacade } from '../seller-api/api-tokens.facade.ts';
import type { UserDoc, UserRepository } from './users.repository.ts';
import type { UserService } from './users.service.ts';

type Deps = {
  users: UserRepository;
  auth: Auth;
  mails: Mails;
  auditLog: AuditLog;
  userService: UserService;
  publicOrigin: string;
  /** Ends an account's API tokens (a role change, a block), audited. */
  apiTokens: Pick<ApiTokenFacade, 'revokeAccount'>;
  /**
   * The sellers module: suspends the shop of an account losing the seller role (its offers go
   * off sale) and answers whether it did; the role stays the one given here.
   */
  shops: { suspendOnRoleLoss(sellerId: string, uid: string): Promise<boolean> };
};

const conflict = (message: string) =>
  new AppError('CONFLICT', { message, errors: { role: message } });

/**
 * Staff management: an admin changes a user's role or invites a new admin. The role lives in
 * the `role` custom claim (what the auth middleware reads from each credential) and is mirrored
 * in the user's document (what the console lists and counts). A change revokes the user's
 * sessions, so a credential minted with the old role stops working at once and the next
 * sign-in carries the new one, and ends the account's API tokens; a seller losing the role has
 * the shop suspended (an admin approves it again in the sellers resource).
 */
export function createStaffService(deps: Deps) {
  const { users, auth, auditLog } = deps;

  /** The claims with the new role; others (the seller an account runs) are kept. */
  async function setRoleClaim(record: UserRecord, role: Role): Promise<void> {
    await auth.setCustomUserClaims(record.uid, { ...record.customClaims, role });
  }

  return {
    /** Blocks or unblocks a user (`UserService.setBlocked`), with its audit entry. */
    async setBlocked(
      ctx: AuditContext,
      caller: AuthUser,
      userId: string,
      blocked: boolean,
    ): Promise<UserInfoFull> {
      const user = await deps.userService.setBlocked(caller, userId, blocked);
      if (blocked) await deps.apiTokens.revokeAccount(ctx, userId, 'block');
      await auditLog.record(ctx, {
        action: blocked ? 'user.block' : 'user.unblock',
        target: { type: 'users', id: userId },
        details: { email: user.email },
      });
      return user;
    },

    /**
     * Gives `userId` the role `role`. Refused (409): an admin changing their own role, the last
     * admin losing theirs, and the seller role for an account with no seller application (a
     * shop comes from an approved application, in the sellers resource).
     */
    async changeRole(ctx: AuditContext, userId: string, role: Role): Promise<UserDoc> {
      const doc = await users.findById(userId);
      if (!doc) throw new AppError('NOT_FOUND', { message: 'No such user' });
      if (doc.role === role) {
        auditLog.unchanged(ctx);
        return doc;
      }
      if (userId === ctx.actor.uid) throw conflict('You cannot change your own role');
      if (role === 'seller' && !doc.sellerId) {
        throw conflict('Only an account with a seller application can be a seller');
      }
      if (doc.role === 'admin' && !doc.blocked && (await users.countActiveAdmins()) <= 1) {
        throw conflict('The last admin keeps the admin role');
      }
      const record = await auth.getUser(userId).catch(() => {
        throw new AppError('NOT_FOUND', { message: 'No such account at the identity provider' });
      });
      // A seller losing the role loses the shop first (offers off sale, the console shut); then
      // the claim: a credential minted from now on carries the new role; then the mirror, then
      // the old credentials and API tokens end. Repeating the call after a crash finishes it.
      const shopSuspended =
        doc.role === 'seller' && doc.sellerId !== null
          ? await deps.shops.suspendOnRoleLoss(doc.sellerId, userId)
          : false;
      await setRoleClaim(record, role);
      const updated = await users.update(userId, { role });
      // Two admins demoting each other at once both saw another admin: the one who finds none
      // left puts the role back.
      if (doc.role === 'admin' && (await users.countActiveAdmins()) === 0) {
        await setRoleClaim(record, 'admin');
        await users.update(userId, { role: 'admin' });
        throw conflict('The last admin keeps the admin role');
      }
      await revokeSessions(auth, users, userId);
      await deps.apiTokens.revokeAccount(ctx, userId, 'role');
      await auditLog.record(ctx, {
        action: 'user.role',
        target: { type: 'users', id: userId },
        details: {
          email: doc.email,
          from: doc.role,
          to: role,
          ...(shopSuspended && { shopSuspended: doc.sellerId }),
        },
      });
      return updated ?? { ...doc, role };
    },

    /**
     * Makes `email` an admin: creates the account when missing (no password), gives it the admin
     * role and mails an invitation whose link sets the password (the provider's password-reset
     * link, which also verifies the address). Inviting again re-sends the mail.
     */
    async inviteAdmin(ctx: AuditContext, input: AdminInvite): Promise<AdminInviteResult> {
      const email = input.email.toLowerCase();
      let record = await auth.getUserByEmail(email).catch((err: unknown) => {
        if ((err as { code?: string }).code === 'auth/user-not-found') return null;
        throw err;
      });
      const created = !record;
      record ??= await auth
        .createUser({
          email,
          emailVerified: false,
          ...(input.name ? { displayName: input.name } : {}),
        })
        .catch(async (err: unknown) => {
          const code = (err as { code?: string }).code;
          // Another invitation of the same address created it meanwhile: that account it is.
          if (code === 'auth/email-already-exists') return auth.getUserByEmail(email);
          // The provider's stricter idea of an address is a field error, never a 500.
          if (code !== 'auth/invalid-email') throw err;
          throw new AppError('VALIDATION_FAILED', {
            providerCode: 'auth/invalid-email',
            errors: { email: 'Not a valid email address' },
          });
        });
      const doc = await users.findById(record.uid);
      if (doc?.blocked) throw new AppError('CONFLICT', { message: 'This account is blocked' });
      await setRoleClaim(record, 'admin');
      await users.insertIfMissing(newAdminProfile(record, input.name));
      if (doc && doc.role !== 'admin') {
        // As a role change: a seller's shop is suspended and the account's API tokens end.
        if (doc.role === 'seller' && doc.sellerId !== null) {
          await deps.shops.suspendOnRoleLoss(doc.sellerId, record.uid);
        }
        await users.update(record.uid, { role: 'admin' });
        await revokeSessions(auth, users, record.uid);
        await deps.apiTokens.revokeAccount(ctx, record.uid, 'role');
      }
      const link = await auth.generatePasswordResetLink(email, {
        url: `${deps.publicOrigin}/admin/`,
      });
      await deps.mails.send({ email, uid: record.uid }, adminInviteMail, {
        name: input.name ?? null,
        link,
        console: `${deps.publicOrigin}/admin/`,
      });
      await auditLog.record(ctx, {
        action: 'user.invite',
        target: { type: 'users', id: record.uid },
        details: { email, created, from: doc?.role ?? null, to: 'admin' },
      });
      return { id: record.uid, created };
    },
  };
}
export type StaffService = ReturnType<typeof createStaffService>;

/** The profile of an invited admin who never signed in. */
function newAdminProfile(record: UserRecord, name: string): UserDoc {
  return {
    _id: record.uid,
    email: (record.email ?? '').toLowerCase(),
    name: name || record.displayName || '',
    surname: '',
    image: null,
    role: 'admin',
    sellerId: null,
    blocked: false,
    emailVerified: record.emailVerified,
    locale: 'en',
    loginMethod: 'password',
    marketingConsent: false,
    referrer: null,
    createdAt: new Date(),
    lastSignInAt: null,
  };
}
