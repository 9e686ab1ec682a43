import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { AppError } from '../../lib/errors.ts';
import { DELIVERY_ERRORS } from './webhook-errors.ts';

/**
 * IANA's IPv6 global unicast space: everything outside it is reserved or special (`::/96`, the
 * deprecated IPv4-compatible addresses, is not in ipaddr.js's list of special ranges).
 */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Whether a deployed server may call `address` for a seller: only what ipaddr.js classifies as
 * `unicast`, i.e. in none of the special-purpose ranges of the IANA registries it maintains
 * (loopback, private, link-local, CGNAT, documentation, benchmarking, multicast, broadcast,
 * reserved; for IPv6 also IPv4-mapped, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`, Teredo, ULA…),
 * and for IPv6 within the global unicast space. Not an address at all: false.
 */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0 || !ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.range() !== 'unicast') return false;
  return parsed.kind() === 'ipv4' || parsed.match(GLOBAL_UNICAST_V6);
}

const hostOf = (url: string) => new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();

const NOT_PUBLIC = 'A public address: not this server’s network';

/**
 * Whether a seller's endpoint may be registered. Deployed (`allowPrivate` false): https only,
 * and no host that names this server's network (localhost, `.internal`) or a non-public address
 * (`isPublicAddress`). Offline, anything http(s) goes, so tests and demos can receive on
 * localhost. A name is checked again, resolved, at every delivery (`resolveEndpoint`).
 */
export function checkWebhookUrl(url: string, allowPrivate: boolean) {
  if (allowPrivate) return;
  const refuse = (message: string) =>
    new AppError('VALIDATION_FAILED', { errors: { url: message } });
  if (new URL(url).protocol !== 'https:') throw refuse('An https URL');
  const host = hostOf(url);
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal')) {
    throw refuse(NOT_PUBLIC);
  }
  if (isIP(host) !== 0 && !isPublicAddress(host)) throw refuse(NOT_PUBLIC);
}

/** One address of a name, as `dns.lookup` answers it. */
export type ResolvedAddress = { address: string; family: number };

/** How endpoint hosts are resolved and which addresses may be called. */
export type AddressPolicy = {
  /** Every address of a host name (default: `dns.lookup`, as connections resolve). */
  resolve: (host: string) => Promise<ResolvedAddress[]>;
  /** Whether an address may be called (deployed: `isPublicAddress`; offline: any). */
  allowed: (address: string) => boolean;
};

/**
 * The policy of a deployment (`allowPrivate` false: public addresses only) or of tests and demos
 * offline (any address, so they can receive on loopback). Production never runs the second:
 * `allowPrivate` comes from NODE_ENV (`app-deps.ts`).
 */
export const addressPolicy = (allowPrivate: boolean): AddressPolicy => ({
  resolve: (host) => lookup(host, { all: true }),
  allowed: allowPrivate ? () => true : isPublicAddress,
});

/**
 * The address a delivery connects to, resolved once and checked: every address the name has
 * must be allowed (one that is not refuses the endpoint: a name pointing inside is not the
 * seller's to use), and the connection is then made to the first, never to a second lookup's
 * answer (`webhook-delivery.ts` pins it), so a DNS record changed in between (rebinding) cannot
 * aim the request elsewhere. An IP literal is its own answer.
 */
export async function resolveEndpoint(
  url: string,
  policy: AddressPolicy,
): Promise<{ target: ResolvedAddress } | { refused: string; detail?: unknown }> {
  const host = hostOf(url);
  const family = isIP(host);
  let addresses: ResolvedAddress[];
  if (family !== 0) addresses = [{ address: host, family }];
  else {
    try {
      addresses = await policy.resolve(host);
    } catch (err) {
      return { refused: DELIVERY_ERRORS.unresolved, detail: err };
    }
  }
  const target = addresses[0];
  if (!target) return { refused: DELIVERY_ERRORS.unresolved };
  const refusedOnes = addresses.filter((a) => !policy.allowed(a.address));
  if (refusedOnes.length > 0) {
    return { refused: DELIVERY_ERRORS.notPublic, detail: refusedOnes.map((a) => a.address) };
  }
  return { target };
}
