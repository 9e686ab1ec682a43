import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { accessDecision } from './access-decision.ts';

describe('accessDecision', () => {
  it('signs out on 401 (token missing or no longer valid)', () => {
    expect(accessDecision(new HttpError('You need to sign in', 401))).toBe('sign-out');
  });

  it('keeps the session when a sensitive action wants a fresh sign-in the person declined', () => {
    const body = { code: 'UNAUTHENTICATED', providerCode: 'auth/requires-recent-login' };
    expect(accessDecision(new HttpError('Sign in again to do this', 401, body))).toBe(
      'keep-session',
    );
  });

  it('keeps the session but denies on 403 (wrong role)', () => {
    expect(accessDecision(new HttpError('You are not allowed to do this', 403))).toBe('deny');
  });

  it('keeps the session on other failures', () => {
    expect(accessDecision(new HttpError('Not found', 404))).toBe('keep-session');
    expect(accessDecision(new HttpError('Something went wrong', 500))).toBe('keep-session');
    expect(accessDecision(new TypeError('Failed to fetch'))).toBe('keep-session');
  });
});
