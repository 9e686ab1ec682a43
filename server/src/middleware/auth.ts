import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { RoleSchema, type Role } from '@market/shared';
import type { AppEnv } from '../app-env.ts';
import type { AuthUser } from '../identity/auth-user.ts';
import {
  localCredentialVerifier,
  type CredentialVerifier,
} from '../identity/credential-verifier.ts';
import {
  createRevocationSync,
  signedInBefore,
  type RevocationSync,
} from '../identity/session-revocation.ts';
import { AppError } from '../lib/errors.ts';
import type { SellerRepository } from '../modules/sellers/sellers.repository.ts';
import type { UserRepository } from '../modules/users/users.repository.ts';

export const SESSION_COOKIE = 'session';

/** What authentication needs of the users store: the session state, and ending sessions. */
type SessionUsers = Pick<UserRepository, 'sessionState' | 'revokeSessions'>;

const BLOCKED = () => new AppError('FORBIDDEN', { providerCode: 'auth/user-blocked' });
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function toAuthUser(token: DecodedIdToken, via: AuthUser['via']): AuthUser {
  const role = RoleSchema.safeParse(token.role);
  return {
    uid: token.uid,
    email: token.email ?? null,
    name: typeof token.name === 'string' ? token.name : null,
    role: role.success ? role.data : 'user',
    sellerId: typeof token.sellerId === 'string' ? token.sellerId : null,
    emailVerified: token.email_verified === true,
    signInProvider: token.firebase.sign_in_provider,
    authTime: token.auth_time,
    via,
  };
}

/**
 * A state-changing request riding on the cookie must come from our own pages (CSRF). The host
 * it was sent to is the proxy's `X-Forwarded-Host` only behind a trusted proxy: otherwise that
 * header is whatever the client wrote.
 */
function assertSameOrigin(c: Context, trustProxy: boolean) {
  if (SAFE_METHODS.has(c.req.method)) return;
  const origin = c.req.header('origin');
  const host = (trustProxy && c.req.header('x-forwarded-host')) || c.req.header('host');
  if (!origin || !host || new URL(origin).host !== host) {
    throw new AppError('FORBIDDEN', { message: 'Cross-site request refused' });
  }
}

/** The bearer token of the request, if any. */
export const bearerToken = (c: Context) =>
  c.req.header('authorization')?.match(/^Bearer (.+)$/i)?.[1];

/**
 * Verifies the credential locally (no call to the identity provider: its public keys are
 * cached; the emulator's tokens are unsigned), then reads the user's blocked flag and
 * `sessionsValidAfter` (kept in memory and dropped by every write to the user, see
 * `session-state-cache.ts`), so a block or a logout counts at the next request.
 * An AppError (401, or 403 for a blocked user) when it is refused.
 */
async function verify(
  verifier: CredentialVerifier,
  users: SessionUsers,
  credential: string,
  via: AuthUser['via'],
): Promise<AuthUser | AppError> {
  let token: DecodedIdToken;
  try {
    token =
      via === 'bearer'
        ? await verifier.idToken(credential)
        : await verifier.sessionCookie(credential);
  } catch {
    return new AppError('UNAUTHENTICATED');
  }
  const state = await users.sessionState(token.uid);
  // An erased account's credentials all end, even one minted in the second of the erasure.
  if (state?.anonymisedAt) {
    return new AppError('UNAUTHENTICATED', { providerCode: 'auth/user-not-found' });
  }
  if (state?.blocked) return BLOCKED();
  if (signedInBefore(token.auth_time, state?.sessionsValidAfter)) {
    return new AppError('UNAUTHENTICATED', {
      providerCode: via === 'bearer' ? 'auth/id-token-revoked' : 'auth/session-cookie-revoked',
    });
  }
  return toAuthUser(token, via);
}

/**
 * Reads a Firebase ID token (`Authorization: Bearer`) or the session cookie and sets
 * `c.var.user`. Without a valid one the request goes on as a guest, with the reason kept in
 * `c.var.authFailure`: public routes still answer, routes that need a user refuse with it
 * (401, or 403 for a blocked user, on every call).
 */
export const authenticate = (
  auth: Auth,
  users: SessionUsers,
  trustProxy = false,
  sync: RevocationSync = createRevocationSync(auth, users),
) => {
  const verifier = localCredentialVerifier(auth);
  return createMiddleware<AppEnv>(async (c, next) => {
    // A seller's API token was settled before (modules/seller-api/token-auth.ts).
    if ((c.get('user') as AuthUser | undefined) || (c.get('authFailure') as Error | undefined))
      return next();
    const bearer = bearerToken(c);
    const cookie = bearer ? undefined : getCookie(c, SESSION_COOKIE);
    const credential = bearer ?? cookie;
    if (credential) {
      const result = await verify(verifier, users, credential, bearer ? 'bearer' : 'cookie');
      if (result instanceof AppError) {
        c.get('log').info({ reason: result.providerCode ?? result.code }, 'credential refused');
        c.set('authFailure', result);
      } else {
        sync.observe(result.uid, c.get('log'));
        if (result.via === 'cookie') assertSameOrigin(c, trustProxy);
        c.set('user', result);
      }
    }
    await next();
  });
};

/** The signed-in user, or the reason there is none (401, or 403 for a blocked user). */
export function currentUser(c: Context<AppEnv>): AuthUser {
  const user = c.get('user') as AuthUser | undefined;
  if (!user)
    throw (c.get('authFailure') as AppError | undefined) ?? new AppError('UNAUTHENTICATED');
  return user;
}

/** Lets only signed-in users with one of `roles` through: 401 for guests, 403 for other roles. */
export const requireRole = (...roles: Role[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!roles.includes(currentUser(c).role)) throw new AppError('FORBIDDEN');
    await next();
  });

/** Seller routes: a seller whose shop is approved now (a suspension counts at once). */
export const requireApprovedSeller = (sellers: SellerRepository) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const user = currentUser(c);
    if (user.role !== 'seller' || !user.sellerId) throw new AppError('FORBIDDEN');
    const seller = await sellers.findById(user.sellerId);
    if (seller?.status !== 'approved' || seller.uid !== user.uid) throw new AppError('FORBIDDEN');
    await next();
  });
