import { createHash, timingSafeEqual } from 'node:crypto';
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
export type AddressRange = [Address, number];

/**
 * Who may read `GET /metrics` besides this machine: address ranges (METRICS_ALLOW) and a bearer
 * token (METRICS_TOKEN), either enough. Neither set: loopback callers only.
 */
export type MetricsAccess = { allow: AddressRange[]; token: string | undefined };

/** The address as ipaddr.js compares it: an IPv4-mapped IPv6 (`::ffff:10.0.0.7`) is IPv4. */
function parseAddress(text: string): Address | null {
  const bare = text.trim().replace(/^\[|\]$/g, '');
  return ipaddr.isValid(bare) ? ipaddr.process(bare) : null;
}

/**
 * METRICS_ALLOW: comma-separated addresses and CIDR ranges (`10.0.0.0/8,192.168.1.5`). Throws
 * on one it cannot read, so a typo stops the start rather than refusing (or admitting) a scraper.
 */
export function parseAddressRanges(text: string): AddressRange[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part): AddressRange => {
      if (part.includes('/')) {
        const [address, bits] = ipaddr.parseCIDR(part);
        // `::ffff:10.0.0.0/104` is the IPv4 range it spells.
        if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
          return [(address as ipaddr.IPv6).toIPv4Address(), Math.max(0, bits - 96)];
        }
        return [address, bits];
      }
      const address = parseAddress(part);
      if (!address) throw new Error(`not an address or range: ${part}`);
      return [address, address.kind() === 'ipv4' ? 32 : 128];
    });
}

export function inRanges(address: string | undefined, ranges: readonly AddressRange[]): boolean {
  const parsed = address ? parseAddress(address) : null;
  if (!parsed) return false;
  return ranges.some(
    ([range, bits]) => range.kind() === parsed.kind() && parsed.match(range as never, bits),
  );
}

export function isLoopbackAddress(address: string | undefined): boolean {
  const parsed = address ? parseAddress(address) : null;
  return parsed?.range() === 'loopback';
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** `Authorization: Bearer <token>` names the token (compared in constant time). */
function bearerMatches(authorization: string | undefined, token: string | undefined): boolean {
  if (!token || !authorization) return false;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return Boolean(match && timingSafeEqual(digest(match[1]!), digest(token)));
}

/**
 * Whether a scrape is answered. `address` is the client as the proxy settings resolve it (the
 * socket's peer unless TRUST_PROXY trusts it); `forwarded` says the request carries a proxy's
 * X-Forwarded-For or Forwarded header that TRUST_PROXY did not make count. A loopback peer that
 * forwards someone else's request is a reverse proxy on this machine (an nginx in front of the
 * port, say), so its loopback address says nothing about who asks: only the range list or the
 * token admit such a request. Metrics are thus never open to the internet by default.
 */
export function metricsAllowed(
  request: { address: string | undefined; forwarded: boolean; authorization: string | undefined },
  access: MetricsAccess,
): boolean {
  if (bearerMatches(request.authorization, access.token)) return true;
  if (isLoopbackAddress(request.address) && !request.forwarded) return true;
  return inRanges(request.address, access.allow);
}
