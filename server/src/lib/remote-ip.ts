import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';

/**
 * The address a request comes from. Behind a reverse proxy (`trustProxy`) it is the last
 * `X-Forwarded-For` entry, the one the proxy itself appended: earlier entries are whatever the
 * client sent, so trusting them would let anyone pick their address. Without a proxy the header
 * is the client's own text and is ignored; the socket address is the truth.
 */
export function clientAddress(c: Context, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // not on a Node socket (app.request in tests)
  }
}

/** Middleware: settles the request's client address once, for `remoteIp`. */
export function resolveRemoteIp(trustProxy: boolean) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('remoteIp', clientAddress(c, trustProxy));
    await next();
  });
}

/** The client's address, for rate limits, reCAPTCHA and the audit log (never for authorisation). */
export function remoteIp(c: Context<AppEnv>): string | undefined {
  return c.get('remoteIp');
}
