import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * What the abuse limits count per client address: an IPv6 subscriber by its /64, and only
 * coupon guesses against the coupon budget (a checkout page's plain cart summary never).
 * Windows of an hour: no test here crosses one.
 */
const t: TestServer = await startTestServer({
  env: { RATE_LIMITS: 'login=3/3600,coupon=3/3600', TRUST_PROXY: 'true' },
});
afterAll(() => t.close());

function post(path: string, address: string, token?: string, body: unknown = {}) {
  return fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': address,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** A sign-in attempt without a credential: refused (401), but counted per address first. */
const login = (address: string) => post('/api/login', address);

describe('addresses', () => {
  it('counts every address of one IPv6 /64 as one subscriber, and another /64 apart', async () => {
    for (const address of ['2001:db8:7:1::1', '2001:db8:7:1::2', '2001:db8:7:1:abcd::3']) {
      expect((await login(address)).status).toBe(401);
    }
    // A fourth address of the same /64 (written in full) is the same subscriber.
    expect((await login('2001:0db8:0007:0001:ffff:ffff:ffff:ffff')).status).toBe(429);
    expect((await login('2001:db8:7:2::1')).status).toBe(401);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    for (const address of ['198.51.100.77', '::ffff:198.51.100.77', '198.51.100.77']) {
      expect((await login(address)).status).toBe(401);
    }
    expect((await login('::ffff:c633:644d')).status).toBe(429);
    expect((await login('198.51.100.78')).status).toBe(401);
  });
});

describe('coupon guesses from a shared address', () => {
  it('leave another buyer’s plain cart summary from that address answering 200', async () => {
    const [guesser, other] = await Promise.all([t.account('user'), t.account('user')]);
    const office = '192.0.2.60';
    const summary = (token: string, couponCode?: string) =>
      post('/api/cart/updateCartSummary', office, token, {
        products: [],
        currency: 'eur',
        ...(couponCode === undefined ? {} : { couponCode }),
      });

    for (const code of ['GUESS-1', 'GUESS-2', 'GUESS-3']) {
      expect((await summary(guesser.token, code)).status).toBe(200);
    }
    expect((await summary(guesser.token, 'GUESS-4')).status).toBe(429);

    // The checkout page's summary, from the same office: no code, no guess.
    const plain = await summary(other.token);
    expect(plain.status).toBe(200);
    // The address's guess budget is spent for anyone there, the guesser's own summary is not.
    expect((await summary(other.token, 'GUESS-5')).status).toBe(429);
    expect((await summary(guesser.token)).status).toBe(200);
  });
});
