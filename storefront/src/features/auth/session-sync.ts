import { onIdTokenChanged, type Auth } from 'firebase/auth';
import { createSession } from './auth-api.ts';
import { hasSessionHint } from './session-hint.ts';

/*
 * The session cookie follows the Firebase session (spec: the storefront re-sends POST /api/login
 * when the identity token changes). Firebase renews a signed-in user's ID token when asked for
 * it after its hour (on a page load, and every ten minutes while a page stays open, below); each
 * new token is exchanged for a fresh session cookie, so the
 * cookie does not lapse while the page still shows the buyer signed in (which would silently
 * turn their cart into a guest cart). Only for a browser that signed in here (the session
 * hint): during a sign-in the flow itself opens the session.
 */

/** localStorage: which token the session cookie was last made from (`uid:iat`, no secret). */
export const SENT_TOKEN_KEY = 'session-token';

/** `uid:iat` of an ID token (a JWT), or null when it is none. */
export function tokenStamp(idToken: string): string | null {
  const payload = idToken.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/'))) as {
      sub?: unknown;
      iat?: unknown;
    };
    return typeof claims.sub === 'string' && typeof claims.iat === 'number'
      ? `${claims.sub}:${claims.iat}`
      : null;
  } catch {
    return null;
  }
}

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/** Remembers that the session cookie was made from `idToken` (after POST /api/login). */
export function rememberSessionToken(idToken: string): void {
  const stamp = tokenStamp(idToken);
  if (stamp) storage()?.setItem(SENT_TOKEN_KEY, stamp);
}

/** Whether `idToken` is not the one the session cookie was last made from. */
export function isNewSessionToken(idToken: string): boolean {
  const stamp = tokenStamp(idToken);
  return stamp !== null && stamp !== storage()?.getItem(SENT_TOKEN_KEY);
}

/** How often an open page asks Firebase for the token, which renews it near its hour. */
const RENEW_CHECK_MS = 10 * 60_000;

/** Re-sends POST /api/login whenever Firebase hands out a new ID token; returns the unsubscribe. */
export function followIdToken(auth: Auth): () => void {
  // Firebase renews an expired token only when asked for it (getIdToken): a page left open asks
  // every ten minutes, so a renewal comes within that of the token's hour.
  const timer = setInterval(() => {
    void auth.currentUser?.getIdToken().catch(() => undefined);
  }, RENEW_CHECK_MS);
  const stop = onIdTokenChanged(auth, (user) => {
    if (!user || !hasSessionHint()) return;
    void user
      .getIdToken()
      .then(async (idToken) => {
        if (!isNewSessionToken(idToken)) return;
        await createSession(idToken);
        rememberSessionToken(idToken);
      })
      // A refused renewal (a disabled account) leaves the cookie as it is: the API decides.
      .catch(() => undefined);
  });
  return () => {
    clearInterval(timer);
    stop();
  };
}
