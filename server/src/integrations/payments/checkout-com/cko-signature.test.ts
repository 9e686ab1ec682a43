import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ckoSignature, verifyCkoSignature } from './cko-signature.ts';

const body = '{"id":"evt_1","type":"payment_captured","data":{"id":"pay_1","amount":1999}}';
const key = 'whsec-test';

describe('Cko-Signature', () => {
  it('is the hex HMAC-SHA256 of the raw body', () => {
    expect(ckoSignature(body, key)).toBe(createHmac('sha256', key).update(body).digest('hex'));
    expect(ckoSignature(body, key)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts the signature of the exact body, in either hex case', () => {
    expect(verifyCkoSignature(body, ckoSignature(body, key), key)).toBe(true);
    expect(verifyCkoSignature(body, ckoSignature(body, key).toUpperCase(), key)).toBe(true);
  });

  it('refuses a tampered body, another key, and malformed or missing signatures', () => {
    const sig = ckoSignature(body, key);
    expect(verifyCkoSignature(body.replace('1999', '1'), sig, key)).toBe(false);
    expect(verifyCkoSignature(body, sig, 'other-key')).toBe(false);
    expect(verifyCkoSignature(body, sig.slice(0, 62), key)).toBe(false);
    expect(verifyCkoSignature(body, `${sig.slice(0, 63)}z`, key)).toBe(false);
    expect(verifyCkoSignature(body, undefined, key)).toBe(false);
    expect(verifyCkoSignature(body, sig, '')).toBe(false);
  });

  it('signs bytes, not re-serialised JSON', () => {
    const spaced = body.replace(':', ': ');
    expect(verifyCkoSignature(spaced, ckoSignature(body, key), key)).toBe(false);
  });
});
