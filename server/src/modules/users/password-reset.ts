import type { Auth } from 'firebase-admin/auth';
import type { Locale } from '@market/shared';
import { escapeHtml } from '../../identity/accounts.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../outbox/mailer.ts';
import type { UserRepository } from './users.repository.ts';

type Deps = {
  auth: Auth;
  users: UserRepository;
  mailer: Mailer;
  publicOrigin: string;
  log: Logger;
};

/** The reset mail in the user's language (the mails' templates will take it over). */
const MAIL: Record<Locale, { subject: string; body: string; action: string; ignore: string }> = {
  en: {
    subject: 'Reset your password',
    body: 'Open this link to choose a new password:',
    action: 'Choose a new password',
    ignore: 'If you did not ask for it, ignore this mail: your password stays as it is.',
  },
  it: {
    subject: 'Reimposta la password',
    body: 'Apri questo link per scegliere una nuova password:',
    action: 'Scegli una nuova password',
    ignore: 'Se non l’hai chiesto tu, ignora questa mail: la password resta quella di prima.',
  },
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

  return {
    /**
     * Mails a reset link when the email has an account (at most one a minute); nothing tells
     * the caller whether it does.
     */
    async request(email: string, requested: Locale): Promise<void> {
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
      const t = MAIL[locale];
      const greeting = locale === 'it' ? 'Ciao' : 'Hello';
      const hello = profile?.name ? `${greeting} ${profile.name},` : `${greeting},`;
      await deps.mailer.send({
        to: email,
        kind: 'password-reset',
        subject: t.subject,
        text: `${hello}\n\n${t.body}\n${ours}\n\n${t.ignore}`,
        html: `<p>${escapeHtml(hello)}</p><p><a href="${escapeHtml(ours)}">${t.action}</a></p><p>${escapeHtml(t.ignore)}</p>`,
      });
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
