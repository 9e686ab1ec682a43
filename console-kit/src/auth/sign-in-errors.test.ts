import { describe, expect, it } from 'vitest';
import { signInErrorKey } from './sign-in-errors.ts';

describe('signInErrorKey', () => {
  it('says "wrong email or password" without telling which one was wrong', () => {
    for (const code of ['auth/invalid-credential', 'auth/wrong-password', 'auth/user-not-found']) {
      expect(signInErrorKey({ code })).toBe('app.auth.invalid_credentials');
    }
  });

  it('explains throttling and network failures', () => {
    expect(signInErrorKey({ code: 'auth/too-many-requests' })).toBe('app.auth.too_many_requests');
    expect(signInErrorKey({ code: 'auth/network-request-failed' })).toBe('app.auth.network_error');
  });

  it("falls back to react-admin's generic message for anything else", () => {
    expect(signInErrorKey({ code: 'auth/internal-error' })).toBe('ra.auth.sign_in_error');
    expect(signInErrorKey(new Error('boom'))).toBe('ra.auth.sign_in_error');
    expect(signInErrorKey(undefined)).toBe('ra.auth.sign_in_error');
  });
});
