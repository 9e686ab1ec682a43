import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../../lib/errors.ts';

/** Addresses a deployed server must never call for a seller: loopback, private, link-local… */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv6');
}

function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is its IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const hostOf = (url: string) => new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();

/**
 * Whether a seller's endpoint may be registered. Deployed (`allowPrivate` false): https only,
 * and no loopback, private or link-local host (the server's own network is not the seller's to
 * probe). Offline, anything http(s) goes, so tests and demos can receive on localhost.
 */
export function checkWebhookUrl(url: string, allowPrivate: boolean) {
  if (allowPrivate) return;
  const refuse = (message: string) =>
    new AppError('VALIDATION_FAILED', { errors: { url: message } });
  if (new URL(url).protocol !== 'https:') throw refuse('An https URL');
  const host = hostOf(url);
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal')) {
    throw refuse('A public address: not this server’s network');
  }
  if (isPrivateAddress(host)) throw refuse('A public address: not this server’s network');
}

/**
 * Checked again before each delivery (deployed): the name must still resolve to public
 * addresses only, so a DNS record changed after registration cannot aim us inside. The reason
 * when refused, else null.
 */
export async function refusedAddress(url: string, allowPrivate: boolean): Promise<string | null> {
  if (allowPrivate) return null;
  const host = hostOf(url);
  try {
    const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true });
    return addresses.some((a) => isPrivateAddress(a.address))
      ? `${host} resolves to a private address`
      : null;
  } catch {
    return `${host} does not resolve`;
  }
}
