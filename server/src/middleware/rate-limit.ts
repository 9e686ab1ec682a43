import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import ipaddr from 'ipaddr.js';
import type { Db, IndexDescription } from 'mongodb';
import type { AppEnv } from '../app-env.ts';
import { AppError } from '../lib/errors.ts';
import { remoteIp } from '../lib/remote-ip.ts';
import type { AuthUser } from '../identity/auth-user.ts';
import type { Logger } from '../logger.ts';
import { createSharedCounters, type CounterDoc } from './shared-counters.ts';
import type { LimitName, Limits } from '../lib/rate-limit-config.ts';

/** The counters' collection: one document per limit and caller, gone when its window ends. */
export const RATE_LIMIT_COLLECTION = 'rateLimits';
export const rateLimitIndexes: IndexDescription[] = [
  { key: { expire: -1 }, expireAfterSeconds: 0 },
  { key: { key: 1 }, unique: true },
];

/** Who a limit counts: a key per request, or null to let the request through uncounted. */
export type Counted = (c: Context<AppEnv>) => string | null;

/**
 * Who is behind an address, for counting: an IPv4 address is one subscriber (an IPv4-mapped
 * IPv6 address is its IPv4 one), but an IPv6 subscriber is given a whole /64 (RFC 6177), and
 * picking a new address in it costs nothing, so the /64 is what counts. Text that is not an
 * address (none should reach here) counts as itself.
 */
export function subscriberOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const ip = ipaddr.process(address);
  if (ip.kind() === 'ipv4') return ip.toString();
  const prefix = (ip as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}

export const byAddress: Counted = (c) => {
  const address = remoteIp(c);
  return `ip:${address === undefined ? 'unknown' : subscriberOf(address)}`;
};
export const byUser: Counted = (c) => {
  const user = c.get('user') as AuthUser | undefined;
  return user ? `user:${user.uid}` : null;
};
export const bySeller: Counted = (c) => {
  const user = c.get('user') as AuthUser | undefined;
  return user?.sellerId ? `seller:${user.sellerId}` : null;
};

/**
 * The abuse limits, shared by every instance of the server through MongoDB in batches
 * (`shared-counters.ts`): a request is counted in memory at once, and the other instances'
 * counts arrive with the next batch. Should the database not answer, each instance goes on
 * counting alone: limits stay on, and no request fails for a counter.
 */
export function createRateLimits(db: Db, limits: Limits, log?: Logger) {
  const counters = createSharedCounters(db.collection<CounterDoc>(RATE_LIMIT_COLLECTION), {
    onError: (err) => log?.warn({ err }, 'abuse-limit counts not shared; counting on in memory'),
  });

  /** Counts one request against `name` per each of `counted`; 429 with Retry-After past it. */
  function count(c: Context<AppEnv>, name: LimitName, counted: Counted[]): void {
    const { points, seconds } = limits[name];
    for (const key of counted.map((per) => per(c))) {
      if (key === null) continue;
      const waitMs = counters.consume(`${name}:${key}`, points, seconds * 1000);
      if (waitMs) {
        c.header('Retry-After', String(Math.ceil(waitMs / 1000)));
        throw new AppError('TOO_MANY_REQUESTS', {
          message: 'Too many requests: please wait a little and try again',
        });
      }
    }
  }

  /**
   * Middleware counting each POST against `name` once per key (429 with Retry-After past it).
   * Only POSTs count: every limited action is one, and mounting on a path prefix then leaves
   * the reads under it alone.
   */
  function limit(name: LimitName, ...counted: Counted[]) {
    return createMiddleware<AppEnv>(async (c, next) => {
      if (c.req.method !== 'POST') return next();
      count(c, name, counted);
      await next();
    });
  }

  return Object.assign(limit, {
    /**
     * Counts the request against `name` now, from its handler: for a limit that only some
     * requests of a route count against, known once the body is checked (a cart summary
     * counts against the coupon-guess budget only when it carries a code).
     */
    count: (c: Context<AppEnv>, name: LimitName, ...counted: Counted[]) => count(c, name, counted),
  });
}
export type RateLimit = ReturnType<typeof createRateLimits>;
