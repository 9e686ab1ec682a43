import { createHmac, timingSafeEqual } from 'node:crypto';

/** `Cko-Signature` of a webhook body: hex HMAC-SHA256 of the raw bytes with the signature key. */
export function ckoSignature(rawBody: string, key: string): string {
  return createHmac('sha256', key).update(rawBody, 'utf8').digest('hex');
}

/** Whether `signature` is the body's Cko-Signature, compared in constant time. */
export function verifyCkoSignature(
  rawBody: string,
  signature: string | undefined,
  key: string,
): boolean {
  if (!signature || !key) return false;
  const expected = Buffer.from(ckoSignature(rawBody, key), 'hex');
  const given = Buffer.from(signature.trim().toLowerCase(), 'hex');
  // Buffer.from(hex) stops at the first bad digit, so a wrong length means a bad signature.
  return given.length === expected.length && timingSafeEqual(given, expected);
}
