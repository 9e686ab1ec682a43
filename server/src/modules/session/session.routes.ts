import type { Auth } from 'firebase-admin/auth';
import { deleteCookie, setCookie } from 'hono/cookie';
import { AppError } from '../../lib/errors.ts';
import { routes } from '../../lib/route.ts';
import { byAddress } from '../../middleware/rate-limit.ts';
import { bearerToken, currentUser, SESSION_COOKIE } from '../../middleware/auth.ts';
import type { UserService } from '../users/users.service.ts';

/** 10368e5 ms in the spec: 12 days (see SPEC-NOTES.md), under Firebase's 14-day limit. */
export const SESSION_MAX_AGE_MS = 10368e5;

/**
 * A session outlives its ID token by 12 days, so it is minted only from a fresh sign-in: a
 * stolen or cached ID token older than this cannot be turned into a long-lived cookie (the
 * Firebase documentation's recommendation for `createSessionCookie`).
 */
export const SESSION_SIGN_IN_MAX_AGE_S = 5 * 60;

/** Secure everywhere but plain-http localhost, where browsers would drop a Secure cookie. */
export function cookieIsSecure(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return !(protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(hostname));
}

/** `POST /api/login` (ID token → session cookie) and `POST /api/logout`. */
export const sessionRoutes = (auth: Auth, users: UserService, now: () => number = Date.now) =>
  routes('', { tag: 'session', access: 'public' })
    .post(
      '/login',
      {
        access: 'user',
        summary: 'Sign in: Bearer ID token → `session` cookie (12 days, HttpOnly)',
        description:
          'Send a Firebase ID token as `Authorization: Bearer`. A password account must have verified its email (403 `auth/unverified-email`).',
        response: { status: 204, description: 'Signed in; `Set-Cookie: session=…`' },
        bearerOnly: true,
        limit: { name: 'login', per: [byAddress] },
      },
      async (c) => {
        const user = currentUser(c);
        const idToken = bearerToken(c);
        if (!idToken) throw new AppError('UNAUTHENTICATED');
        if (now() / 1000 - user.authTime > SESSION_SIGN_IN_MAX_AGE_S) {
          throw new AppError('UNAUTHENTICATED', {
            message: 'Sign in again to open a session',
            providerCode: 'auth/requires-recent-login',
          });
        }
        if (user.signInProvider === 'password' && !user.emailVerified) {
          throw new AppError('FORBIDDEN', {
            message: 'Verify your email address first',
            providerCode: 'auth/unverified-email',
          });
        }
        await users.recordSignIn(user);
        const cookie = await auth.createSessionCookie(idToken, { expiresIn: SESSION_MAX_AGE_MS });
        setCookie(c, SESSION_COOKIE, cookie, {
          path: '/',
          httpOnly: true,
          sameSite: 'Lax',
          secure: cookieIsSecure(c.req.url),
          maxAge: SESSION_MAX_AGE_MS / 1000,
        });
        return c.body(null, 204);
      },
    )
    .post(
      '/logout',
      {
        summary: 'Sign out: clears the cookie and revokes the refresh tokens',
        description:
          'A cookie-authenticated call from another origin is refused (403), as every write riding on the cookie is.',
        response: { status: 204, description: 'Signed out' },
        errors: [403],
      },
      async (c) => {
        const user = c.get('user');
        deleteCookie(c, SESSION_COOKIE, { path: '/', secure: cookieIsSecure(c.req.url) });
        if (user) await users.signOut(user);
        return c.body(null, 204);
      },
    );
