import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '@market/shared';
import { LIMIT_NAMES, type LimitName } from '../src/lib/rate-limit-config.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

let t: TestServer;
let buyer: TestAccount;
let seller: TestAccount;
/** A seller API token allowed to write offers. */
let apiToken: string;

beforeAll(async () => {
  // Two requests per 10 seconds per limit, so each trips at the third even on a busy machine
  // (a CI run once took over 3 seconds for three calls, and the window had moved on), and
  // resets soon after.
  t = await startTestServer({
    env: {
      RATE_LIMITS: LIMIT_NAMES.map((name) => `${name}=2/10`).join(','),
      TRUST_PROXY: 'true',
    },
  });
  [buyer, seller] = await Promise.all([t.account('user'), t.account('seller')]);
  const created = await t.call('POST', '/api/seller/api-tokens', {
    token: seller.token,
    body: { name: 'limits', scopes: ['offers:write'] },
  });
  apiToken = ((await created.json()) as { token: string }).token;
});
afterAll(() => t.close());

/** One request of each limited kind, from one client address of its own per limit. */
const attempts: Record<LimitName, (address: string) => Promise<Response>> = {
  signUp: (ip) => post('/api/user/profile/add', ip),
  sellerApplication: (ip) => post('/api/seller/profile/addseller', ip),
  login: (ip) => post('/api/login', ip),
  coupon: (ip) => post('/api/user/coupons/verify', ip, buyer.token),
  cartSummary: (ip) => post('/api/cart/updateCartSummary', ip, buyer.token),
  checkout: (ip) => post('/api/user/checkout', ip, buyer.token),
  keyUpload: (ip) => post('/api/seller/offers/0123456789abcdef01234567/keys', ip, seller.token),
  supplierTest: (ip) =>
    post('/api/seller/supplier-connections/0123456789abcdef01234567/test', ip, seller.token),
  keyReveal: (ip) =>
    post(
      '/api/user/orders/0123456789abcdef01234567/keys/0123456789abcdef01234567/reveal',
      ip,
      buyer.token,
    ),
  webhook: (ip) => post('/api/payments/webhooks/paypal', ip),
  pageView: (ip) => post('/api/public/events', ip),
  chatMessage: (ip) =>
    post('/api/seller/conversations/0123456789abcdef01234567/messages', ip, seller.token),
  passwordReset: (ip) => post('/api/user/password-reset', ip),
  apiToken: (ip) => post('/api/seller/offers', ip, apiToken),
};

function post(path: string, ip: string, token?: string) {
  return fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': ip,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: '{}',
  });
}

describe('abuse limits', () => {
  it('answers 429 with Retry-After past each limit, then lets the caller in again', async () => {
    await Promise.all(
      LIMIT_NAMES.map(async (name, i) => {
        const ip = `203.0.113.${i + 1}`;
        const allowed = [await attempts[name](ip), await attempts[name](ip)];
        for (const res of allowed) expect(res.status, name).not.toBe(429);
        const refused = await attempts[name](ip);
        expect(refused.status, name).toBe(429);
        expect(Number(refused.headers.get('retry-after')), name).toBeGreaterThanOrEqual(1);
        expect(ApiErrorSchema.parse(await refused.json()).code).toBe('TOO_MANY_REQUESTS');
        // Another address is not held back by this one (per-user limits aside).
        if (
          ![
            'coupon',
            'cartSummary',
            'checkout',
            'keyUpload',
            'supplierTest',
            'keyReveal',
            'chatMessage',
            'apiToken',
          ].includes(name)
        ) {
          expect((await attempts[name](`198.51.100.${i + 1}`)).status, name).not.toBe(429);
        }
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 10_100));
    for (const [i, name] of LIMIT_NAMES.entries()) {
      expect((await attempts[name](`203.0.113.${i + 1}`)).status, name).not.toBe(429);
    }
  });
});
