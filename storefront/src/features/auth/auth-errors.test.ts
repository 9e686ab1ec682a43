import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.ts';
import { it as itMessages } from '../../i18n/it.ts';
import { authErrorCode, authErrorMessage, INTERNAL_ERROR_CODE } from './auth-errors.ts';

const message = (error: unknown) => authErrorMessage(error, en.authErrors);

describe('authErrorCode', () => {
  it("reads a Firebase error's code", () => {
    expect(authErrorCode({ code: 'auth/wrong-password', message: 'x' })).toBe(
      'auth/wrong-password',
    );
  });

  it("prefers the API's providerCode over its own error code", () => {
    expect(authErrorCode({ code: 'FORBIDDEN', providerCode: 'auth/user-blocked' })).toBe(
      'auth/user-blocked',
    );
  });

  it('turns everything else into auth/internal-error', () => {
    for (const error of [
      new TypeError('Failed to fetch'),
      { code: 'CONFLICT' },
      { code: 42 },
      { providerCode: 'not-an-auth-code' },
      'auth/wrong-password',
      null,
      undefined,
    ]) {
      expect(authErrorCode(error)).toBe(INTERNAL_ERROR_CODE);
    }
  });
});

describe('authErrorMessage', () => {
  it('asks to sign in again when the API refuses a session from an old sign-in', () => {
    expect(message({ code: 'UNAUTHENTICATED', providerCode: 'auth/requires-recent-login' })).toBe(
      'For your security, please sign in again.',
    );
  });

  it('gives "already in use" (client) and "already exists" (API) one message', () => {
    const expected = 'An account with this email already exists. Sign in instead.';
    expect(message({ code: 'auth/email-already-in-use' })).toBe(expected);
    expect(message({ code: 'CONFLICT', providerCode: 'auth/email-already-exists' })).toBe(expected);
  });

  it('asks to verify the email first', () => {
    expect(message({ providerCode: 'auth/unverified-email' })).toBe(
      'Verify your email first: open the link we sent you.',
    );
  });

  it('says "wrong email or password" without telling which one was wrong', () => {
    for (const code of [
      'auth/invalid-credential',
      'auth/invalid-login-credentials',
      'auth/wrong-password',
      'auth/user-not-found',
    ]) {
      expect(message({ code })).toBe('Wrong email or password.');
    }
  });

  it('says a blocked (or disabled) account is blocked', () => {
    expect(message({ code: 'FORBIDDEN', providerCode: 'auth/user-blocked' })).toBe(
      'This account is blocked.',
    );
    expect(message({ code: 'auth/user-disabled' })).toBe('This account is blocked.');
  });

  it('passes any other auth code through', () => {
    expect(message({ code: 'auth/too-many-requests' })).toBe(
      'Sign-in failed (auth/too-many-requests)',
    );
    expect(message({ code: 'auth/network-request-failed' })).toBe(
      'Sign-in failed (auth/network-request-failed)',
    );
  });

  it('shows the internal-error code for anything unexpected', () => {
    expect(message(new Error('boom'))).toBe('Sign-in failed (auth/internal-error)');
    expect(message(undefined)).toBe('Sign-in failed (auth/internal-error)');
  });

  it('says nothing when the visitor closes the Google popup', () => {
    expect(message({ code: 'auth/popup-closed-by-user' })).toBeNull();
    expect(message({ code: 'auth/cancelled-popup-request' })).toBeNull();
  });

  it('speaks Italian', () => {
    expect(authErrorMessage({ code: 'auth/wrong-password' }, itMessages.authErrors)).toBe(
      'Email o password errati.',
    );
    expect(authErrorMessage({ code: 'auth/quota-exceeded' }, itMessages.authErrors)).toBe(
      'Accesso non riuscito (auth/quota-exceeded)',
    );
  });
});
