import type { Auth } from 'firebase-admin/auth';
import type {
  AccountUpdate,
  ProfileAdd,
  ProfileAddSocial,
  UserInfo,
  UserInfoFull,
} from '@market/shared';
import { createPasswordAccount, sendVerificationMail } from '../../identity/accounts.ts';
import type { Mails } from '../mails/mails.ts';
import type { Recaptcha } from '../../integrations/recaptcha/recaptcha.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthUser } from '../../identity/auth-user.ts';
import { revokeSessions } from '../../identity/session-revocation.ts';
import { toUserInfo, toUserInfoFull } from './user-view.ts';
import type { UserDoc, UserRepository } from './users.repository.ts';

type Deps = {
  users: UserRepository;
  auth: Auth;
  mails: Mails;
  recaptcha: Recaptcha;
  publicOrigin: string;
};

const LAST_ADMIN = new AppError('CONFLICT', {
  message: 'The last admin who can act cannot be blocked',
});

const RECAPTCHA_FAILED = new AppError('VALIDATION_FAILED', {
  errors: { tokenRecaptcha: 'The reCAPTCHA check failed. Try again.' },
});

/** Buyers' accounts: sign-up, profile, and what admins do to users. */
export function createUserService(deps: Deps) {
  const { users, auth } = deps;

  async function requireUser(uid: string): Promise<UserDoc> {
    const doc = await users.findById(uid);
    if (!doc) throw new AppError('NOT_FOUND', { message: 'No such user' });
    return doc;
  }

  return {
    /** Password sign-up: the account, its profile, and the verification mail. */
    async signUp(input: ProfileAdd, remoteIp?: string): Promise<{ id: string }> {
      if (!(await deps.recaptcha.verify(input.tokenRecaptcha, remoteIp))) throw RECAPTCHA_FAILED;
      const { user } = input;
      const uid = await createPasswordAccount(
        auth,
        {
          email: user.email,
          password: input.password,
          displayName: `${user.name} ${user.surname}`.trim(),
        },
        { email: 'user.email', password: 'password' },
      );
      await auth.setCustomUserClaims(uid, { role: 'user' });
      await users.insertIfMissing({
        _id: uid,
        ...user,
        email: user.email.toLowerCase(),
        role: 'user',
        sellerId: null,
        blocked: false,
        emailVerified: false,
        locale: input.locale,
        loginMethod: 'password',
        referrer: input.referrer,
        createdAt: new Date(),
        lastSignInAt: null,
      });
      await sendVerificationMail(deps, {
        email: user.email,
        name: user.name,
        locale: input.locale,
      });
      return { id: uid };
    },

    /** First (or any) Google sign-in: creates the profile when missing. */
    async addSocial(caller: AuthUser, input: ProfileAddSocial, remoteIp?: string) {
      if (caller.uid !== input.id) throw new AppError('FORBIDDEN');
      if (!(await deps.recaptcha.verify(input.tokenRecaptcha, remoteIp))) throw RECAPTCHA_FAILED;
      const created = await users.insertIfMissing({
        _id: caller.uid,
        ...input.user,
        email: (caller.email ?? input.user.email).toLowerCase(),
        role: caller.role,
        sellerId: caller.sellerId,
        blocked: false,
        emailVerified: caller.emailVerified,
        locale: input.locale,
        loginMethod: 'google',
        referrer: input.referrer,
        createdAt: new Date(),
        lastSignInAt: null,
      });
      return { id: caller.uid, created };
    },

    /** Whether the caller's own email is verified, as the provider knows it now. */
    async verify(caller: AuthUser, email: string): Promise<{ verified: boolean }> {
      if (caller.email?.toLowerCase() !== email.toLowerCase()) throw new AppError('FORBIDDEN');
      const { emailVerified } = await auth.getUser(caller.uid);
      await users.update(caller.uid, { emailVerified });
      return { verified: emailVerified };
    },

    account: async (uid: string): Promise<UserInfo> => toUserInfo(await requireUser(uid)),

    async updateAccount(uid: string, patch: AccountUpdate): Promise<UserInfo> {
      await requireUser(uid);
      const fields: Partial<UserDoc> = {};
      if (patch.locale) fields.locale = patch.locale;
      if (patch.loginMethod) fields.loginMethod = patch.loginMethod;
      if (patch.name !== undefined) fields.name = patch.name;
      if (patch.surname !== undefined) fields.surname = patch.surname;
      if (patch.marketingConsent !== undefined) fields.marketingConsent = patch.marketingConsent;
      const doc = (await users.update(uid, fields))!;
      // The provider's display name follows (its ID tokens carry it as `name`).
      if (patch.name !== undefined || patch.surname !== undefined) {
        await auth.updateUser(uid, { displayName: `${doc.name} ${doc.surname}`.trim() });
      }
      return toUserInfo(doc);
    },

    info: async (userId: string): Promise<UserInfo> => toUserInfo(await requireUser(userId)),

    async infoFull(userId: string): Promise<UserInfoFull> {
      const doc = await requireUser(userId);
      const record = await auth.getUser(userId).catch(() => undefined);
      if (record && record.emailVerified !== doc.emailVerified) {
        await users.update(userId, { emailVerified: record.emailVerified });
        doc.emailVerified = record.emailVerified;
      }
      return toUserInfoFull(doc, record);
    },

    /**
     * Blocks or unblocks; blocking also revokes every session of the user at once. The last
     * admin who can act is never blocked (409), as they never lose the role (staff.service.ts).
     */
    async setBlocked(admin: AuthUser, userId: string, blocked: boolean): Promise<UserInfoFull> {
      if (admin.uid === userId && blocked) {
        throw new AppError('CONFLICT', { message: 'You cannot block yourself' });
      }
      const doc = await requireUser(userId);
      const guarded = blocked && doc.role === 'admin';
      if (guarded && !doc.blocked && (await users.countActiveAdmins()) <= 1) {
        throw LAST_ADMIN;
      }
      const before = await users.setBlockedIfNot(userId, blocked);
      // Two admins blocking each other at once both saw another admin before writing: counted
      // after its own write, the one who finds none left takes back its block (each request
      // undoes only its own change, so at least one admin is left whatever the interleaving).
      if (guarded && before?.role === 'admin' && (await users.countActiveAdmins()) === 0) {
        await users.setBlockedIfNot(userId, false);
        throw LAST_ADMIN;
      }
      if (blocked) await revokeSessions(auth, users, userId);
      return this.infoFull(userId);
    },

    /** Logout: every session of the caller ends now, on every device. */
    signOut: (caller: AuthUser) => revokeSessions(auth, users, caller.uid, profileOf(caller)),

    async sendVerify(email: string, name: string): Promise<void> {
      const record = await auth.getUserByEmail(email).catch(() => null);
      if (!record) throw new AppError('NOT_FOUND', { message: 'No account has this email' });
      if (record.emailVerified) {
        throw new AppError('CONFLICT', { message: 'This email is already verified' });
      }
      const locale = (await users.findById(record.uid))?.locale ?? 'en';
      await sendVerificationMail(deps, { email, name, locale });
    },

    /** At sign-in: mirror what the provider knows and create a missing profile. */
    async recordSignIn(caller: AuthUser): Promise<void> {
      await users.insertIfMissing(profileOf(caller));
      await users.update(caller.uid, {
        emailVerified: caller.emailVerified,
        lastSignInAt: new Date(),
      });
    },
  };
}
/**
 * The profile a signed-in caller without one gets, from what their token says (also the seller
 * API's, for an account minting a token before it ever signed in: `container.ts`).
 */
export function profileOf(caller: AuthUser): UserDoc {
  return {
    _id: caller.uid,
    email: (caller.email ?? '').toLowerCase(),
    name: caller.name ?? '',
    surname: '',
    image: null,
    role: caller.role,
    sellerId: caller.sellerId,
    blocked: false,
    emailVerified: caller.emailVerified,
    locale: 'en',
    loginMethod: caller.signInProvider === 'google.com' ? 'google' : 'password',
    marketingConsent: false,
    referrer: null,
    createdAt: new Date(),
    lastSignInAt: null,
  };
}

export type UserService = ReturnType<typeof createUserService>;
