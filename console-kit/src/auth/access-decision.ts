import { needsRecentSignIn } from './recent-sign-in.ts';

/** What a failed API call means for the session. */
export type AccessDecision = 'keep-session' | 'sign-out' | 'deny';

/**
 * 401: the token is missing or no longer valid, so sign out — but not when the API only wants a
 * fresh sign-in for a sensitive action the person declined to confirm; 403: signed in but not
 * allowed.
 */
export function accessDecision(error: unknown): AccessDecision {
  const status =
    typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  if (needsRecentSignIn(error)) return 'keep-session';
  if (status === 401) return 'sign-out';
  if (status === 403) return 'deny';
  return 'keep-session';
}
