import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { accessDecision } from './access-decision.ts';

describe('accessDecision', () => {
  it('signs out on 401 (token missing or no longer valid)', () => {
    expect(accessDecision(new HttpError('You need to sign in', 401))).toBe('sign-out');
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
