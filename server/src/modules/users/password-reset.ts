import type { Auth } from 'firebase-admin/auth';
import type { Locale } from '@market/shared';
import type { Logger } from '../../logger.ts';
import type { Mails } from '../mails/mails.ts';
import { passwordResetMail } from '../mails/templates.ts';
import type { UserRepository } from './users.repository.ts';

type Deps = {
  auth: Auth;
  users: UserRepository;
  mails: Mails;
  publicOrigin: string;
  log: Logger;
};

const NO_ACCOUNT = new Set(['auth/user-not-found', 'auth/email-not-found']);

/**
 * One reset mail a minute per account, whatever the addresses asking (the route's limit counts
 * per address): nobody floods someone's inbox from many machines.
 */
export const RESET_MAIL_GAP_MS = 60_000;

/**
 * Password reset by mail. The identity provider makes the one-time code (it works against the
 * Auth emulator too); the link leads to our own page in the user's language, which finishes
 * the reset with the client SDK. The provider then refuses older refresh tokens, and
 * `passwordChanged` makes the app refuse older sessions at once.
 */
export function createPasswordReset(deps: Deps) {
  const { auth, users } = deps;
  /** Resets asked and not yet done (`ask` answers before them). */
  const pending = new Set<Promise<void>>();

  /**
   * Mails a reset link when the email has an account (at most one a minute); nothing tells
   * the caller whether it does. Waits for the provider: `ask` runs it after the answer.
   */
  async function request(email: string, requested: Locale): Promise<void> {
    let uid: string;
    try {
      ({ uid } = await auth.getUserByEmail(email));
    } catch (err) {
      if (NO_ACCOUNT.has((err as { code?: string }).code ?? '')) return;
      throw err;
    }
    const profile = await users.findById(uid);
    if (profile && !(await users.claimResetMail(uid, new Date(), RESET_MAIL_GAP_MS))) return;
    const link = await auth.generatePasswordResetLink(email);
    const oobCode = new URL(link).searchParams.get('oobCode');
    if (!oobCode) throw new Error('the password reset link has no oobCode');
    const locale = profile?.locale ?? requested;
    const page = `${deps.publicOrigin}${locale === 'it' ? '/it' : ''}/reset-password`;
    const ours = `${page}?oobCode=${encodeURIComponent(oobCode)}`;
    await deps.mails.send({ email, uid, locale }, passwordResetMail, {
      name: profile?.name || null,
      link: ours,
    });
  }

  return {
    /**
     * Asks for a reset mail and returns at once, the work left running: only an email with an
     * account makes the work ask the provider for a link and write the mail, so an answer that
     * waited for it would tell, by its time, which emails have an account. A failure is logged
     * (never the email); nobody is waiting to be told.
     */
    ask(email: string, locale: Locale): void {
      const work = request(email, locale).catch((err: unknown) => {
        deps.log.error({ err }, 'password reset mail not sent');
      });
      pending.add(work);
      void work.finally(() => pending.delete(work)); // `work` never rejects: caught above
    },

    /** Once every reset asked so far is done: for a clean stop, and for tests. */
    async idle(): Promise<void> {
      await Promise.all([...pending]);
    },

    /**
     * The password of `email` was changed or reset at the provider: sessions signed in before
     * that are refused from now on (the provider's time, copied; it never moves back). The
     * periodic check (`createRevocationSync`) would do the same within minutes.
     */
    async passwordChanged(email: string): Promise<void> {
      const record = await auth.getUserByEmail(email).catch((err: unknown) => {
        if (NO_ACCOUNT.has((err as { code?: string }).code ?? '')) return null;
        throw err;
      });
      if (!record?.tokensValidAfterTime) return;
      await users.revokeSessions(record.uid, new Date(record.tokensValidAfterTime));
      deps.log.info({ uid: record.uid }, 'sessions before a password change ended');
    },
  };
}
export type PasswordReset = ReturnType<typeof createPasswordReset>;
