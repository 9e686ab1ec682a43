import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Db, IndexDescription } from 'mongodb';
import { RateLimiterMemory, RateLimiterMongo, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppEnv } from '../app-env.ts';
import { AppError } from '../lib/errors.ts';
import { remoteIp } from '../lib/remote-ip.ts';
import type { AuthUser } from '../identity/auth-user.ts';
import { LIMIT_NAMES, type LimitName, type Limits } from '../lib/rate-limit-config.ts';

/** The counters' collection: one document per limit and caller, gone when its window ends. */
export const RATE_LIMIT_COLLECTION = 'rateLimits';
export const rateLimitIndexes: IndexDescription[] = [
  { key: { expire: -1 }, expireAfterSeconds: 0 },
  { key: { key: 1 }, unique: true },
];

/** Who a limit counts: a key per request, or null to let the request through uncounted. */
export type Counted = (c: Context<AppEnv>) => string | null;
export const byAddress: Counted = (c) => `ip:${remoteIp(c) ?? 'unknown'}`;
export const byUser: Counted = (c) => {
  const user = c.get('user') as AuthUser | undefined;
  return user ? `user:${user.uid}` : null;
};
export const bySeller: Counted = (c) => {
  const user = c.get('user') as AuthUser | undefined;
  return user?.sellerId ? `seller:${user.sellerId}` : null;
};

/**
 * The abuse limits, counted in MongoDB so every instance of the server shares them. Should the
 * database not answer, each instance goes on counting in memory (the library's insurance
 * limiter): limits stay on, only per instance, and no request fails for a counter.
 */
export function createRateLimits(db: Db, limits: Limits) {
  const limiters = new Map(
    LIMIT_NAMES.map((name) => {
      const { points, seconds } = limits[name];
      const limiter = new RateLimiterMongo({
        storeClient: db,
        tableName: RATE_LIMIT_COLLECTION,
        keyPrefix: name,
        points,
        duration: seconds,
        disableIndexesCreation: true, // declared with every other index (db/indexes.ts)
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration: seconds }),
      });
      return [name, limiter] as const;
    }),
  );

  /**
   * Middleware counting each POST against `name` once per key (429 with Retry-After past it).
   * Only POSTs count: every limited action is one, and mounting on a path prefix then leaves
   * the reads under it alone.
   */
  return function limit(name: LimitName, ...counted: Counted[]) {
    const limiter = limiters.get(name)!;
    return createMiddleware<AppEnv>(async (c, next) => {
      if (c.req.method !== 'POST') return next();
      for (const key of counted.map((count) => count(c))) {
        if (key === null) continue;
        try {
          await limiter.consume(key);
        } catch (refusal) {
          if (!(refusal instanceof RateLimiterRes)) throw refusal;
          c.header('Retry-After', String(Math.max(1, Math.ceil(refusal.msBeforeNext / 1000))));
          throw new AppError('TOO_MANY_REQUESTS', {
            message: 'Too many requests: please wait a little and try again',
          });
        }
      }
      await next();
    });
  };
}
export type RateLimit = ReturnType<typeof createRateLimits>;
