import { createMiddleware } from 'hono/factory';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { API_TOKEN_PREFIX, type Role } from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/errors.ts';
import type { Limit } from '../../lib/rate-limit-config.ts';
import { bearerToken } from '../../middleware/auth.ts';
import type { ApiTokenService, TokenHolder } from './api-tokens.service.ts';
import { scopeFor } from './token-scopes.ts';

/** What a token checks of its account on every call (the users' session state). */
export type TokenAccountState = {
  blocked: boolean;
  role: Role;
  sellerId: string | null;
  sessionsValidAfter?: Date | undefined;
  anonymisedAt?: Date | undefined;
};

/**
 * Why a known token may not act now, or null when it may: it acts only while its account is
 * still the seller of the shop it was minted for, not erased, not blocked, and the token is
 * neither revoked nor older than the account's `sessionsValidAfter` (a logout everywhere, a
 * password change, a block, a role change or a suspension ends every session and every token
 * minted before it). Whether the shop is approved now is the seller guard's check, every call.
 */
export function tokenRefusal(
  holder: TokenHolder,
  account: TokenAccountState | null,
): AppError | null {
  // No document: nothing to check the token against (minting gives the account one).
  if (!account || account.anonymisedAt) {
    return new AppError('UNAUTHENTICATED', { providerCode: 'auth/user-not-found' });
  }
  if (account.blocked) return new AppError('FORBIDDEN', { providerCode: 'auth/user-blocked' });
  const revoked =
    holder.revokedAt !== null ||
    account.role !== 'seller' ||
    account.sellerId !== holder.sellerId ||
    (account.sessionsValidAfter != null && holder.createdAt < account.sessionsValidAfter);
  if (revoked) {
    return new AppError('UNAUTHENTICATED', {
      message: 'This API token was revoked',
      providerCode: 'auth/api-token-revoked',
    });
  }
  return null;
}

/**
 * Settles a request carrying `Authorization: Bearer mkt_live_…` (other credentials are left to
 * `authenticate`, which runs next). The token acts as its seller, only on the seller routes its
 * scopes cover: elsewhere, or outside its scopes, the request goes on as a guest with a 403 kept
 * in `authFailure` (so a seller route refuses it, a public one still answers); an unknown or
 * revoked token, or one whose account is no longer its shop's seller, is a 401, a blocked
 * seller's a 403 (`tokenRefusal`). Each token's calls are counted, every method alike (429 past
 * `limit`). A live token costs one read here, by its hash, on every call (so a revocation
 * through any instance counts at the next request on all of them; dead tokens are remembered,
 * `token-cache.ts`); the account's state comes from the session-state cache
 * (`identity/session-state-cache.ts`), and the seller guard still reads the shop (approved now?)
 * on each request, as for every seller call.
 */
export function tokenAuth(
  tokens: ApiTokenService,
  /** The users' session states, cached and dropped by every write to the user. */
  sessions: { sessionState(uid: string): Promise<TokenAccountState | null> },
  limit: Limit,
) {
  // Counted in this instance's memory, not in MongoDB like the other limits: a token's calls
  // then cost no database write each (with N instances, a token may make up to N times the limit).
  const limiter = new RateLimiterMemory({
    keyPrefix: 'apiToken',
    points: limit.points,
    duration: limit.seconds,
  });
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerToken(c);
    if (!token?.startsWith(API_TOKEN_PREFIX)) return next();
    const refuse = (error: AppError) => {
      c.get('log').info({ reason: error.providerCode ?? error.code }, 'api token refused');
      c.set('authFailure', error);
      return next();
    };
    const scope = scopeFor(c.req.method, c.req.path);
    if (!scope) {
      return refuse(
        new AppError('FORBIDDEN', {
          message: 'API tokens reach only the seller API',
          providerCode: 'auth/api-token-out-of-scope',
        }),
      );
    }
    const holder = await tokens.resolve(token);
    if (!holder) {
      return refuse(new AppError('UNAUTHENTICATED', { providerCode: 'auth/api-token-invalid' }));
    }
    // The account's state from the session cache, every call: a change counts at the next request.
    const refusal = tokenRefusal(holder, await sessions.sessionState(holder.uid));
    if (refusal) return refuse(refusal);
    if (!holder.scopes.includes(scope)) {
      return refuse(
        new AppError('FORBIDDEN', {
          message: `This token lacks the ${scope} scope`,
          providerCode: 'auth/api-token-out-of-scope',
        }),
      );
    }
    try {
      await limiter.consume(holder.tokenId);
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      c.header('Retry-After', String(Math.max(1, Math.ceil(refusal.msBeforeNext / 1000))));
      throw new AppError('TOO_MANY_REQUESTS');
    }
    c.set('user', {
      uid: holder.uid,
      email: null,
      name: null,
      role: 'seller',
      sellerId: holder.sellerId,
      emailVerified: true,
      signInProvider: 'api-token',
      authTime: 0,
      via: 'token',
      scopes: holder.scopes,
    });
    return next();
  });
}
