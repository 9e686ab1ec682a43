import { createMiddleware } from 'hono/factory';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { API_TOKEN_PREFIX } from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/errors.ts';
import type { Limit } from '../../lib/rate-limit-config.ts';
import { bearerToken } from '../../middleware/auth.ts';
import type { ApiTokenService } from './api-tokens.service.ts';
import { scopeFor } from './token-scopes.ts';

/**
 * Settles a request carrying `Authorization: Bearer mkt_live_…` (other credentials are left to
 * `authenticate`, which runs next). The token acts as its seller, only on the seller routes its
 * scopes cover: elsewhere, or outside its scopes, the request goes on as a guest with a 403 kept
 * in `authFailure` (so a seller route refuses it, a public one still answers); an unknown,
 * revoked token is a 401, a blocked seller's a 403. Each token's calls are counted, every method alike (429
 * past `limit`). A cached token costs no database access here; the seller guard still reads the
 * shop (approved now?) on each request, as for every seller call.
 */
export function tokenAuth(
  tokens: ApiTokenService,
  /** The users' session states, cached and dropped by every write to the user (a block). */
  sessions: { sessionState(uid: string): Promise<{ blocked: boolean } | null> },
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
    // Read from the session cache every call: a block counts at the next request.
    if ((await sessions.sessionState(holder.uid))?.blocked) {
      return refuse(new AppError('FORBIDDEN', { providerCode: 'auth/user-blocked' }));
    }
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
