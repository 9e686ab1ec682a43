import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { AppError } from '../lib/errors.ts';

export type RateLimitOptions = {
  /** Requests allowed per key in one window. */
  limit: number;
  windowMs: number;
  /** Who is counted: usually the client's address. */
  key: (c: Context<AppEnv>) => string;
  now?: () => number;
};

/**
 * A fixed-window request counter kept in memory, answering 429 (with `Retry-After`) past
 * `limit`. Written here because the only rate limiter in the dependency tree is Express
 * middleware; this one process serves the whole shop, so memory is the right store. All
 * counters reset together at each window's end, which keeps memory bounded by the keys seen in
 * one window.
 */
export function rateLimit({ limit, windowMs, key, now = Date.now }: RateLimitOptions) {
  const counts = new Map<string, number>();
  let windowEnd = 0;
  return createMiddleware<AppEnv>(async (c, next) => {
    const t = now();
    if (t >= windowEnd) {
      counts.clear();
      windowEnd = t + windowMs;
    }
    const k = key(c);
    const count = (counts.get(k) ?? 0) + 1;
    counts.set(k, count);
    if (count > limit) {
      c.header('Retry-After', String(Math.ceil((windowEnd - t) / 1000)));
      throw new AppError('TOO_MANY_REQUESTS');
    }
    await next();
  });
}
