import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How a delivery proves it comes from us (as Stripe's `Stripe-Signature`):
 *
 *     Market-Signature: t=1764161234,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
 *
 * `t` is the Unix time of the attempt; `v1` the hex HMAC-SHA256, keyed with the endpoint's
 * signing secret, of `${t}.${raw body}`. A receiver recomputes it over the raw body, compares in
 * constant time and refuses a `t` older than a few minutes (a replayed delivery).
 */
export const SIGNATURE_HEADER = 'market-signature';
export const EVENT_ID_HEADER = 'market-event-id';

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

export const signatureHeader = (secret: string, timestamp: number, body: string) =>
  `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;

/** The receiver's check (tests and docs/seller-api.md use it): true when signed and fresh. */
export function verifySignature(
  header: string | null | undefined,
  secret: string,
  body: string,
  { toleranceSeconds = 300, nowSeconds = Math.floor(Date.now() / 1000) } = {},
): boolean {
  const parts = new Map(
    (header ?? '').split(',').map((p) => p.split('=', 2) as [string, string | undefined]),
  );
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1');
  if (!Number.isInteger(t) || !v1 || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(hmac(secret, t, body), 'hex');
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
