import { afterAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, RECAPTCHA_TEST_TOKEN, type Role } from '@market/shared';
import { LIMIT_NAMES } from '../src/lib/rate-limit-config.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Buying, selling, reviewing and chatting need an email the account has verified. `POST
 * /api/login` refuses an unverified password account its cookie; these calls refuse its ID token
 * sent as Bearer with the same code (403 `auth/unverified-email`), and take it once verified.
 */
const t: TestServer = await startTestServer({
  env: { RATE_LIMITS: LIMIT_NAMES.map((name) => `${name}=100000/60`).join(',') },
});
afterAll(() => t.close());

const NOBODYS_ID = '0123456789abcdef01234567';

type Call = { method: string; path: string; body?: (uid: string) => unknown; ok: number };

/** One family per line of the issue; each call with what it answers a verified caller. */
const FAMILIES: Record<string, { role: Role; calls: Call[] }> = {
  buying: {
    role: 'user',
    calls: [
      { method: 'GET', path: '/api/cart/get', ok: 200 },
      {
        method: 'POST',
        path: '/api/user/cart/updateCartProducts',
        body: () => ({ products: [] }),
        ok: 200,
      },
      { method: 'GET', path: '/api/user/orders', ok: 200 },
      { method: 'GET', path: `/api/user/orders/${NOBODYS_ID}`, ok: 404 },
      { method: 'POST', path: '/api/user/checkout', body: () => ({}), ok: 400 },
      { method: 'GET', path: '/api/user/claims', ok: 200 },
    ],
  },
  reviewing: {
    role: 'user',
    calls: [
      { method: 'GET', path: '/api/user/reviews', ok: 200 },
      { method: 'POST', path: '/api/user/reviews', body: () => ({}), ok: 400 },
    ],
  },
  chat: {
    role: 'user',
    calls: [{ method: 'GET', path: `/api/user/orders/${NOBODYS_ID}/conversations`, ok: 404 }],
  },
  selling: {
    role: 'seller',
    calls: [
      { method: 'GET', path: '/api/seller/offers', ok: 200 },
      { method: 'GET', path: '/api/seller/sales', ok: 200 },
      { method: 'GET', path: `/api/seller/conversations`, ok: 200 },
    ],
  },
  'applying to sell': {
    role: 'user',
    calls: [
      {
        method: 'POST',
        path: '/api/seller/profile/addseller',
        body: (uid) => ({
          id: uid,
          tokenRecaptcha: RECAPTCHA_TEST_TOKEN,
          seller: {
            email: `shop-${uid}@test.example`,
            name: 'Keys Galore',
            registrationName: 'Keys Galore S.r.l.',
            vatNumber: 'IT09876543210',
            image: null,
            password: 'secret123',
          },
        }),
        ok: 201,
      },
    ],
  },
};

/** A signed-in account of that role whose email is not verified, and its ID token. */
async function unverified(role: Role) {
  const account = await t.account(role);
  await t.identity.auth.updateUser(account.uid, { emailVerified: false });
  return { ...account, token: await t.signIn(account.email, 'secret123') };
}

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    email_verified: boolean;
  };

describe.each(Object.entries(FAMILIES))('%s', (_family, { role, calls }) => {
  it('refuses an unverified account’s Bearer token, and takes it once the email is verified', async () => {
    const account = await unverified(role);
    expect(claimsOf(account.token).email_verified).toBe(false);
    for (const { method, path, body } of calls) {
      const res = await t.call(method, path, { token: account.token, body: body?.(account.uid) });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(ApiErrorSchema.parse(await res.json()).providerCode, `${method} ${path}`).toBe(
        'auth/unverified-email',
      );
    }
    // The same account reads what needs no verified address.
    const favorites = await t.call('POST', '/api/user/favorites/get', {
      token: account.token,
      body: {},
    });
    expect(favorites.status).toBe(200);

    await t.identity.auth.updateUser(account.uid, { emailVerified: true });
    const verified = await t.signIn(account.email, 'secret123');
    for (const { method, path, body, ok } of calls) {
      const res = await t.call(method, path, { token: verified, body: body?.(account.uid) });
      expect(res.status, `${method} ${path}`).toBe(ok);
    }
  });
});

describe('the declarations', () => {
  it('mark every seller route and the buyer’s buying, reviewing and chat routes', async () => {
    const doc = (await (await fetch(`${t.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { 'x-access': string; 'x-verified-email'?: true }>>;
    };
    const ops = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ route: `${method} ${path}`, ...op })),
    );
    const unmarked = (prefix: RegExp) =>
      ops.filter((op) => prefix.test(op.route) && !op['x-verified-email']).map((op) => op.route);
    expect(unmarked(/^\w+ \/api\/seller\/(?!profile)/)).toEqual([]);
    expect(
      unmarked(/^\w+ \/api\/(cart|user\/(cart|checkout|orders|reviews|claims|coupons))\b/),
    ).toEqual([]);
    // Reading one's own account, or signing in, needs none: that is where one verifies.
    expect(ops.find((op) => op.route === 'get /api/user/account')?.['x-verified-email']).toBe(
      undefined,
    );
  });
});
