import { AUTH_MESSAGE_KEYS } from './message-keys.ts';

const KEY_BY_FIREBASE_CODE: Readonly<Record<string, string>> = {
  'auth/invalid-credential': AUTH_MESSAGE_KEYS.invalidCredentials,
  'auth/invalid-login-credentials': AUTH_MESSAGE_KEYS.invalidCredentials,
  'auth/wrong-password': AUTH_MESSAGE_KEYS.invalidCredentials,
  'auth/user-not-found': AUTH_MESSAGE_KEYS.invalidCredentials,
  'auth/invalid-email': AUTH_MESSAGE_KEYS.invalidCredentials,
  'auth/user-disabled': AUTH_MESSAGE_KEYS.userDisabled,
  'auth/too-many-requests': AUTH_MESSAGE_KEYS.tooManyRequests,
  'auth/network-request-failed': AUTH_MESSAGE_KEYS.networkError,
};

/** The translation key to show for an error thrown by Firebase's email/password sign-in. */
export function signInErrorKey(error: unknown): string {
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return (typeof code === 'string' && KEY_BY_FIREBASE_CODE[code]) || AUTH_MESSAGE_KEYS.signInFailed;
}
