import type { Auth } from 'firebase-admin/auth';
import type { Locale, Role } from '@market/shared';
import { AppError } from '../lib/errors.ts';
import type { Mailer } from '../modules/outbox/mailer.ts';

/** Claims the server sets: the role, and the seller an account runs or applied for. */
export type AccountClaims = { role: Role; sellerId?: string };

const EMAIL_TAKEN = 'An account with this email already exists';

/**
 * Creates a password account in the identity provider. Its refusals become API errors on the
 * given form fields, keeping the provider's code (`auth/email-already-exists` …).
 */
export async function createPasswordAccount(
  auth: Auth,
  input: { email: string; password: string; displayName: string },
  fields: { email: string; password: string },
): Promise<string> {
  try {
    const record = await auth.createUser({ ...input, emailVerified: false });
    return record.uid;
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (code === 'auth/email-already-exists') {
      throw new AppError('CONFLICT', {
        providerCode: code,
        errors: { [fields.email]: EMAIL_TAKEN },
      });
    }
    if (code === 'auth/invalid-email') {
      throw new AppError('VALIDATION_FAILED', {
        providerCode: code,
        errors: { [fields.email]: 'Not a valid email address' },
      });
    }
    if (code === 'auth/invalid-password') {
      throw new AppError('VALIDATION_FAILED', {
        providerCode: code,
        errors: { [fields.password]: 'At least 6 characters' },
      });
    }
    throw err;
  }
}

/** Mails a verification link made by the identity provider (which does not mail it itself). */
export async function sendVerificationMail(
  deps: { auth: Auth; mailer: Mailer; publicOrigin: string },
  to: { email: string; name: string; locale: Locale; continuePath?: string },
): Promise<void> {
  // After verifying, the provider's page continues to our sign-in page in the user's language.
  const continuePath = to.continuePath ?? (to.locale === 'it' ? '/it/login' : '/login');
  const link = await deps.auth.generateEmailVerificationLink(to.email, {
    url: `${deps.publicOrigin}${continuePath}`,
  });
  const greeting = to.name ? `Hello ${to.name},` : 'Hello,';
  await deps.mailer.send({
    to: to.email,
    kind: 'verify-email',
    subject: 'Verify your email address',
    text: `${greeting}\n\nOpen this link to verify your email address:\n${link}\n\nIf you did not ask for it, ignore this mail.`,
    html: `<p>${escapeHtml(greeting)}</p><p><a href="${escapeHtml(link)}">Verify your email address</a></p><p>If you did not ask for it, ignore this mail.</p>`,
  });
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
