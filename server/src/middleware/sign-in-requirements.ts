import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import type { AuthUser } from '../identity/auth-user.ts';
import { AppError } from '../lib/errors.ts';

/**
 * What a route may ask of the caller's sign-in beyond its `access` (declared as `recentSignIn`
 * and `verifiedEmail` on the route, see lib/route.ts; `mountRoutes` puts these right after the
 * guard and the audit trail).
 */
export type SignInRequirements = {
  recentSignIn: MiddlewareHandler<AppEnv>;
  verifiedEmail: MiddlewareHandler<AppEnv>;
};

/** The code the spec gives an account whose email is not verified (as `POST /api/login`). */
export const UNVERIFIED_EMAIL = 'auth/unverified-email';
/** Firebase's own code for an operation that needs a fresh sign-in; its SDK's pattern follows. */
export const REQUIRES_RECENT_LOGIN = 'auth/requires-recent-login';

const signedIn = (c: Parameters<MiddlewareHandler<AppEnv>>[0]) =>
  c.get('user') as AuthUser | undefined;

/**
 * A sensitive action (a token or webhook that outlives the session, a role, an account's
 * deletion…) needs someone who proved who they are in the last `windowSeconds`: the credential's
 * `auth_time`, which a refreshed ID token and the session cookie minted from it keep. A stolen
 * session or refresh token thus cannot do them. An API token has no sign-in at all: refused.
 */
export function requireRecentSignIn(
  windowSeconds: number,
  now: () => number = Date.now,
): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = signedIn(c);
    // Past the route's guard there is a user; a public route declaring this has none to check.
    if (user?.via === 'token') {
      throw new AppError('FORBIDDEN', {
        message: 'An API token cannot do this: sign in to the seller console',
        providerCode: 'auth/api-token-out-of-scope',
      });
    }
    if (user && now() / 1000 - user.authTime > windowSeconds) {
      throw new AppError('UNAUTHENTICATED', {
        message: 'Sign in again to do this',
        providerCode: REQUIRES_RECENT_LOGIN,
      });
    }
    await next();
  });
}

/**
 * Buying, selling, reviewing and chatting need an address the account has proved it owns. A
 * session cookie is minted only for a verified password account, but an ID token sent as Bearer
 * is not: the token's `email_verified` decides. A guest on a public route passes (it creates its
 * own account); an API token acts for a seller who signed in to mint it.
 */
export const requireVerifiedEmail = (): MiddlewareHandler<AppEnv> =>
  createMiddleware<AppEnv>(async (c, next) => {
    const user = signedIn(c);
    if (user && user.via !== 'token' && !user.emailVerified) {
      throw new AppError('FORBIDDEN', {
        message: 'Verify your email address first',
        providerCode: UNVERIFIED_EMAIL,
      });
    }
    await next();
  });

/** Both requirements as the app mounts them, the window from RECENT_SIGN_IN_SECONDS. */
export const signInRequirements = (recentSignInSeconds: number): SignInRequirements => ({
  recentSignIn: requireRecentSignIn(recentSignInSeconds),
  verifiedEmail: requireVerifiedEmail(),
});
