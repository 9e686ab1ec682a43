import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

/**
 * Every /api/admin, /api/seller and /api/user route, called as each kind of caller. "allow"
 * means the request got past authentication and authorisation (any status but 401 and 403).
 */
type Caller = 'guest' | 'user' | 'seller' | 'otherSeller' | 'admin' | 'blocked';
type Route = {
  method: 'GET' | 'POST';
  path: (ctx: Ctx) => string;
  body?: (me: TestAccount | null, ctx: Ctx) => unknown;
  allowed: Caller[];
};
type Ctx = { target: TestAccount; seller: TestAccount };

const SIGNED_IN: Caller[] = ['user', 'seller', 'otherSeller', 'admin'];
const SELLERS: Caller[] = ['seller', 'otherSeller'];

const ROUTES: Route[] = [
  { method: 'GET', path: () => '/api/admin/users', allowed: ['admin'] },
  { method: 'GET', path: (c) => `/api/admin/users/${c.target.uid}`, allowed: ['admin'] },
  {
    method: 'POST',
    path: () => '/api/admin/users/info',
    body: (_, c) => ({ userId: c.target.uid }),
    allowed: ['admin'],
  },
  {
    method: 'POST',
    path: () => '/api/admin/users/info-full',
    body: (_, c) => ({ userId: c.target.uid }),
    allowed: ['admin'],
  },
  {
    method: 'POST',
    path: () => '/api/admin/users/edit',
    body: (_, c) => ({ userId: c.target.uid, blocked: false }),
    allowed: ['admin'],
  },
  {
    method: 'POST',
    path: () => '/api/admin/users/send-verify',
    body: (_, c) => ({ email: c.target.email, name: '' }),
    allowed: ['admin'],
  },
  { method: 'GET', path: () => '/api/admin/sellers', allowed: ['admin'] },
  { method: 'GET', path: (c) => `/api/admin/sellers/${c.seller.sellerId}`, allowed: ['admin'] },
  {
    method: 'POST',
    path: (c) => `/api/admin/sellers/${c.seller.sellerId}/approve`,
    body: () => ({}),
    allowed: ['admin'],
  },
  {
    method: 'POST',
    path: (c) => `/api/admin/sellers/${c.seller.sellerId}/reject`,
    body: () => ({}),
    allowed: ['admin'],
  },
  { method: 'GET', path: () => '/api/admin/outbox', allowed: ['admin'] },
  { method: 'GET', path: () => '/api/admin/categories', allowed: ['admin'] },
  { method: 'GET', path: () => '/api/admin/categories/games', allowed: ['admin'] },
  { method: 'GET', path: () => '/api/seller/categories', allowed: SELLERS },
  { method: 'GET', path: () => '/api/seller/categories/games', allowed: SELLERS },
  { method: 'GET', path: () => '/api/user/account', allowed: SIGNED_IN },
  {
    method: 'POST',
    path: () => '/api/user/account/update',
    body: () => ({ locale: 'en' }),
    allowed: SIGNED_IN,
  },
  {
    method: 'POST',
    path: () => '/api/user/profile/verify',
    body: (me) => ({ email: me?.email ?? 'guest@test.example' }),
    allowed: SIGNED_IN,
  },
  {
    method: 'POST',
    path: () => '/api/user/profile/addsocial',
    body: (me) => ({
      id: me?.uid ?? 'guest',
      user: { email: me?.email ?? 'guest@test.example', name: 'Social' },
      tokenRecaptcha: 'test-recaptcha-token',
    }),
    allowed: SIGNED_IN,
  },
  { method: 'GET', path: () => '/api/user/seller-application', allowed: SIGNED_IN },
  {
    method: 'POST',
    path: () => '/api/user/favorites/get',
    body: () => ({}),
    allowed: SIGNED_IN,
  },
  {
    method: 'POST',
    path: () => '/api/user/favorites/set',
    body: (me) => ({
      productId: '0123456789abcdef01234567',
      date: new Date().toISOString(),
      userId: me?.uid ?? 'guest',
    }),
    allowed: SIGNED_IN,
  },
  {
    method: 'POST',
    path: () => '/api/user/favorites/delete',
    body: (me) => ({ productId: '0123456789abcdef01234567', userId: me?.uid ?? 'guest' }),
    allowed: SIGNED_IN,
  },
  { method: 'GET', path: () => '/api/me', allowed: SIGNED_IN },
];

let t: TestServer;
let callers: Record<Exclude<Caller, 'guest'>, TestAccount>;
let ctx: Ctx;

beforeAll(async () => {
  t = await startTestServer();
  const [user, seller, otherSeller, admin, blocked, target] = await Promise.all([
    t.account('user'),
    t.account('seller'),
    t.account('seller'),
    t.account('admin'),
    t.account('user'),
    t.account('user'),
  ]);
  callers = { user, seller, otherSeller, admin, blocked };
  ctx = { target, seller };
  // Every caller has signed in once (a profile exists), and one of them is then blocked.
  for (const account of [...Object.values(callers), target]) {
    await fetch(`${t.url}/api/login`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.token}` },
    });
  }
  await t.db
    .collection('users')
    .updateOne({ _id: blocked.uid as never }, { $set: { blocked: true } });
});
afterAll(() => t.close());

const CALLERS: Caller[] = ['guest', 'user', 'seller', 'otherSeller', 'admin', 'blocked'];
const cases = ROUTES.flatMap((route) =>
  CALLERS.map((caller) => ({
    route,
    caller,
    label: `${route.method} ${route.path({ target: { uid: ':uid' }, seller: { sellerId: ':sellerId' } } as unknown as Ctx)}`,
  })),
);

describe('route × role matrix', () => {
  it.each(cases)('$label as $caller', async ({ route, caller }) => {
    const me = caller === 'guest' ? null : callers[caller];
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (me) headers.authorization = `Bearer ${me.token}`;
    const res = await fetch(t.url + route.path(ctx), {
      method: route.method,
      headers,
      body: route.body ? JSON.stringify(route.body(me, ctx)) : undefined,
    });
    const expected = route.allowed.includes(caller) ? 'allow' : caller === 'guest' ? 401 : 403;
    if (expected === 'allow') expect([401, 403]).not.toContain(res.status);
    else expect(res.status).toBe(expected);
  });
});
