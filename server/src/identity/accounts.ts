import type { Auth } from 'firebase-admin/auth';
import type { Locale, Role } from '@market/shared';
import { AppError } from '../lib/errors.ts';
import type { Mails } from '../modules/mails/mails.ts';
import { verifyEmailMail } from '../modules/mails/templates.ts';

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
  deps: { auth: Auth; mails: Mails; publicOrigin: string },
  to: { email: string; name: string; locale: Locale; continuePath?: string },
): Promise<void> {
  // After verifying, the provider's page continues to our sign-in page in the user's language.
  const continuePath = to.continuePath ?? (to.locale === 'it' ? '/it/login' : '/login');
  const link = await deps.auth.generateEmailVerificationLink(to.email, {
    url: `${deps.publicOrigin}${continuePath}`,
  });
  // Asked for anew each time (a lost mail is asked again): no event key.
  await deps.mails.send({ email: to.email, locale: to.locale }, verifyEmailMail, {
    name: to.name || null,
    link,
  });
}
