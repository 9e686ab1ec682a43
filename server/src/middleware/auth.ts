import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { RoleSchema, type Role } from '@market/shared';
import type { AppEnv } from '../app-env.ts';
import { AppError } from '../lib/errors.ts';

export type AuthUser = {
  uid: string;
  email: string | null;
  role: Role;
  /** Set for sellers: every seller route scopes by it. */
  sellerId: string | null;
};

export const SESSION_COOKIE = 'session';

function toAuthUser(token: DecodedIdToken): AuthUser {
  const role = RoleSchema.safeParse(token.role);
  return {
    uid: token.uid,
    email: token.email ?? null,
    role: role.success ? role.data : 'user',
    sellerId: typeof token.sellerId === 'string' ? token.sellerId : null,
  };
}

/**
 * Reads a Firebase ID token (`Authorization: Bearer`) or the session cookie and sets
 * `c.var.user`. A request without either goes on as a guest; a bad credential is a 401.
 */
export const authenticate = (auth: Auth) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('authorization');
    const bearer = header?.match(/^Bearer (.+)$/i)?.[1];
    const cookie = bearer ? undefined : getCookie(c, SESSION_COOKIE);
    if (bearer || cookie) {
      try {
        // checkRevoked: a blocked user's revoked tokens stop working at once.
        const token = bearer
          ? await auth.verifyIdToken(bearer, true)
          : await auth.verifySessionCookie(cookie!, true);
        c.set('user', toAuthUser(token));
      } catch (err) {
        c.get('log').info({ reason: (err as { code?: string }).code }, 'credential refused');
        throw new AppError('UNAUTHENTICATED');
      }
    }
    await next();
  });

/** Lets only signed-in users with one of `roles` through: 401 for guests, 403 for other roles. */
export const requireRole = (...roles: Role[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get('user') as AuthUser | undefined;
    if (!user) throw new AppError('UNAUTHENTICATED');
    if (!roles.includes(user.role)) throw new AppError('FORBIDDEN');
    await next();
  });
