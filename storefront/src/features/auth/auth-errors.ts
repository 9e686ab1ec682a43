import type { Messages } from '../../i18n/en.ts';
import { interpolate } from '../../i18n/interpolate.ts';

/** The code shown when an error carries no `auth/…` code of its own (network, bug, bad answer). */
export const INTERNAL_ERROR_CODE = 'auth/internal-error';

type AuthErrorKey = Exclude<keyof Messages['authErrors'], 'failed'>;

const KEY_BY_CODE: Readonly<Record<string, AuthErrorKey>> = {
  // Firebase says "in use" on the client, the Admin SDK (our API) says "exists": one message.
  'auth/email-already-in-use': 'emailExists',
  'auth/email-already-exists': 'emailExists',
  'auth/unverified-email': 'unverifiedEmail',
  'auth/invalid-credential': 'wrongCredentials',
  'auth/invalid-login-credentials': 'wrongCredentials',
  'auth/wrong-password': 'wrongCredentials',
  'auth/user-not-found': 'wrongCredentials',
  'auth/user-blocked': 'blocked',
  'auth/user-disabled': 'blocked',
  // The API opens a session only from a sign-in under 5 minutes old (a cached token is older).
  'auth/requires-recent-login': 'signInAgain',
};

/** The visitor closed or replaced the Google popup: nothing went wrong, so nothing to say. */
const SILENT_CODES: ReadonlySet<string> = new Set([
  'auth/popup-closed-by-user',
  'auth/cancelled-popup-request',
]);

function stringProperty(error: unknown, name: string): string | undefined {
  if (typeof error !== 'object' || error === null || !(name in error)) return undefined;
  const value: unknown = (error as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

const isAuthCode = (code: string | undefined): code is string =>
  code !== undefined && /^auth\/[\w-]+$/.test(code);

/**
 * The `auth/…` code of an error: the API's `providerCode` first, then a Firebase error's `code`;
 * anything else (a network failure, an unexpected answer) is `auth/internal-error`.
 */
export function authErrorCode(error: unknown): string {
  const providerCode = stringProperty(error, 'providerCode');
  if (isAuthCode(providerCode)) return providerCode;
  const code = stringProperty(error, 'code');
  return isAuthCode(code) ? code : INTERNAL_ERROR_CODE;
}

/**
 * What to tell the visitor about a failed sign-in or sign-up, in their language; null when
 * there is nothing to tell (they closed the Google popup).
 */
export function authErrorMessage(error: unknown, t: Messages['authErrors']): string | null {
  const code = authErrorCode(error);
  if (SILENT_CODES.has(code)) return null;
  const key = KEY_BY_CODE[code];
  return key ? t[key] : interpolate(t.failed, { code });
}
