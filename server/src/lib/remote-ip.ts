import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import proxyAddr from 'proxy-addr';
import { isCountryCode } from '@market/shared';
import type { AppEnv } from '../app-env.ts';

/**
 * Which proxies in front of the server are trusted to say who the client is (TRUST_PROXY):
 * `false` (none: the socket address is the client), a hop count (`true` is one hop, the value it
 * always meant), or address ranges (`10.0.0.0/8,loopback`). `trusts(addr, i)` answers for the
 * address `i` hops from the server (0 is the socket's peer), as proxy-addr walks them.
 */
export type TrustProxy = false | { text: string; trusts: (addr: string, i: number) => boolean };

/**
 * Parses TRUST_PROXY: `false`/`0`/empty (none), `true` (one hop), a hop count, or a comma-separated
 * list of addresses, CIDR ranges and proxy-addr's names (`loopback`, `linklocal`, `uniquelocal`).
 * Throws on an address proxy-addr cannot read, so a typo stops the start instead of trusting
 * nobody (or everybody).
 */
export function parseTrustProxy(text: string): TrustProxy {
  const value = text.trim().toLowerCase();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || /^\d+$/.test(value)) {
    const hops = value === 'true' ? 1 : Number(value);
    return { text: value, trusts: (_addr, i) => i < hops };
  }
  const ranges = value
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  return { text: value, trusts: proxyAddr.compile(ranges) };
}

/** The Node request under Hono's, when the app runs on a Node socket (not `app.request`). */
const incomingOf = (c: Context) => (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;

/**
 * The address a request comes from. Behind trusted proxies it is the nearest `X-Forwarded-For`
 * entry appended by a proxy we trust (proxy-addr walks from the socket outwards and stops at the
 * first untrusted hop): earlier entries are whatever the client sent, so trusting them would let
 * anyone pick their address. Without a trusted proxy the header is ignored; the socket is the truth.
 */
export function clientAddress(c: Context, trust: TrustProxy): string | undefined {
  const incoming = incomingOf(c);
  if (!incoming?.socket) return undefined; // not on a Node socket (app.request in tests)
  if (!trust) return incoming.socket.remoteAddress;
  return proxyAddr(incoming, trust.trusts) || undefined;
}

/** Whether the socket's peer of `req` is a proxy we trust (its X-Forwarded-* headers count). */
export function fromTrustedProxy(req: IncomingMessage, trust: TrustProxy): boolean {
  const peer = req.socket.remoteAddress;
  return Boolean(trust && peer && trust.trusts(peer, 0));
}

/**
 * The client's country from `header` (a CDN's geolocation: Cloudflare's `CF-IPCountry`,
 * CloudFront's `CloudFront-Viewer-Country`), read only when the socket's peer is a proxy we
 * trust: anyone else could send the header. Not a country (Cloudflare's `XX` unknown, `T1`
 * Tor): none.
 */
export function clientCountryOf(
  c: Context,
  trust: TrustProxy,
  header: string | null,
): string | undefined {
  const incoming = incomingOf(c);
  if (!header || !incoming?.socket || !fromTrustedProxy(incoming, trust)) return undefined;
  const country = c.req.header(header)?.trim().toUpperCase();
  return country && isCountryCode(country) ? country : undefined;
}

/**
 * Middleware: settles the request's client address (for `remoteIp`) and, behind a trusted proxy
 * that reports it in `countryHeader`, its country (for `clientCountry`) once.
 */
export function resolveRemoteIp(trust: TrustProxy, countryHeader: string | null = null) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('remoteIp', clientAddress(c, trust));
    c.set('clientCountry', clientCountryOf(c, trust, countryHeader));
    await next();
  });
}

/** The client's address, for rate limits, reCAPTCHA and the audit log (never for authorisation). */
export function remoteIp(c: Context<AppEnv>): string | undefined {
  return c.get('remoteIp');
}

/** The client's country as the trusted proxy reports it: VAT evidence and fraud screening. */
export function clientCountry(c: Context<AppEnv>): string | undefined {
  return c.get('clientCountry');
}
