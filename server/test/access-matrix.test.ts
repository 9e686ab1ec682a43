import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMIT_NAMES } from '../src/lib/rate-limit-config.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { declaredApiRoutes, servedApiRoutes } from './served-routes.ts';

/**
 * Every route under /api/, called as each kind of caller. "allow" means the request got past
 * authentication and authorisation (any status but 401 and 403) and never a 500. Who may call a
 * route comes from its declaration (`access`, published as `x-access` in the OpenAPI document
 * the app builds from the routes it mounted); this file only holds what a request needs to get
 * past the route's checks. A route the app serves without a declaration turns the test red
 * unless OPEN_ROUTES names it, saying why.
 */
type Caller = 'guest' | 'user' | 'seller' | 'otherSeller' | 'suspendedSeller' | 'admin' | 'blocked';
type Access = 'public' | 'user' | 'seller' | 'admin';
type Ctx = { target: TestAccount; seller: TestAccount };
type Fixture = {
  /** Path parameters; an `:id` left out is a well-formed id no record has. */
  params?: (ctx: Ctx) => Record<string, string>;
  /** The JSON body; `{}` (a 400 past the guards) for writes when left out. */
  body?: (me: TestAccount | null, ctx: Ctx) => unknown;
};
type Route = Fixture & {
  /** Method and Hono path as the app registers it: `POST /api/admin/sellers/:id/:decision`. */
  route: string;
  allowed: Caller[];
};

/** Sellers whose shop is approved now (not a suspended one, nor an admin). */
const SELLERS: Caller[] = ['seller', 'otherSeller'];
const SIGNED_IN: Caller[] = ['user', 'seller', 'otherSeller', 'suspendedSeller', 'admin'];
/** A blocked user's or a seller's credential does not stop them browsing. */
const EVERYONE: Caller[] = ['guest', ...SIGNED_IN, 'blocked'];
const CALLERS_OF: Record<Access, Caller[]> = {
  public: EVERYONE,
  user: SIGNED_IN,
  seller: SELLERS,
  admin: ['admin'],
};

const NOBODYS_ID = '0123456789abcdef01234567';

/** Served but not called per caller here: route → the test that covers it. */
const OPEN_ROUTES: Record<string, string> = {
  // Signing out revokes the caller's refresh tokens, which would sign out every later case.
  'POST /api/logout': 'identity.test.ts',
  // The API reference itself: not a declared route.
  'GET /api/openapi.json': 'openapi.test.ts',
  'GET /api/docs': 'openapi.test.ts',
  'GET /api/docs/assets/init.js': 'openapi.test.ts',
  'GET /api/docs/assets/:file': 'openapi.test.ts',
};

/** What a route needs to get past its checks as an allowed caller (an unknown id is fine). */
const FIXTURES: Record<string, Fixture> = {
  'POST /api/user/account/update': { body: () => ({ locale: 'en' }) },
  'POST /api/user/profile/verify': {
    body: (me) => ({ email: me?.email ?? 'guest@test.example' }),
  },
  'POST /api/user/profile/addsocial': {
    body: (me) => ({
      id: me?.uid ?? 'guest',
      user: { email: me?.email ?? 'guest@test.example', name: 'Social' },
      tokenRecaptcha: 'test-recaptcha-token',
    }),
  },
  'POST /api/user/favorites/get': { body: () => ({}) },
  'POST /api/user/favorites/set': {
    body: (me) => ({
      productId: NOBODYS_ID,
      date: new Date().toISOString(),
      userId: me?.uid ?? 'guest',
    }),
  },
  'POST /api/user/favorites/delete': {
    body: (me) => ({ productId: NOBODYS_ID, userId: me?.uid ?? 'guest' }),
  },
  'GET /api/seller/categories/:id': { params: () => ({ id: 'games' }) },
  'GET /api/admin/users/:id': { params: (c) => ({ id: c.target.uid }) },
  'POST /api/admin/users/info': { body: (_, c) => ({ userId: c.target.uid }) },
  'POST /api/admin/users/info-full': { body: (_, c) => ({ userId: c.target.uid }) },
  'POST /api/admin/users/edit': { body: (_, c) => ({ userId: c.target.uid, blocked: false }) },
  'POST /api/admin/users/send-verify': { body: (_, c) => ({ email: c.target.email, name: '' }) },
  'GET /api/admin/sellers/:id': { params: (c) => ({ id: c.seller.sellerId! }) },
  // Rejecting an approved shop is refused (409): the decision changes nothing here.
  'POST /api/admin/sellers/:id/:decision': {
    params: (c) => ({ id: c.seller.sellerId!, decision: 'reject' }),
  },
  'GET /api/admin/categories/:id': { params: () => ({ id: 'games' }) },
};

// Every cell comes from this one address: the abuse limits (tested in rate-limits.test.ts)
// are raised so that they never answer for the access rules.
const t: TestServer = await startTestServer({
  env: { RATE_LIMITS: LIMIT_NAMES.map((name) => `${name}=100000/60`).join(',') },
});
afterAll(() => t.close());
const served = servedApiRoutes(t);
const declared = await declaredApiRoutes(t);
const ROUTES: Route[] = [...declared]
  .filter(([route]) => !(route in OPEN_ROUTES))
  .map(([route, access]) => ({ route, allowed: CALLERS_OF[access], ...FIXTURES[route] }));

let callers: Record<Exclude<Caller, 'guest'>, TestAccount>;
let ctx: Ctx;

beforeAll(async () => {
  const [user, seller, otherSeller, suspendedSeller, admin, blocked, target] = await Promise.all([
    t.account('user'),
    t.account('seller'),
    t.account('seller'),
    t.account('seller'),
    t.account('admin'),
    t.account('user'),
    t.account('user'),
  ]);
  callers = { user, seller, otherSeller, suspendedSeller, admin, blocked };
  ctx = { target, seller };
  // Every caller has signed in once (a profile exists); then one is blocked, one shop suspended.
  for (const account of [...Object.values(callers), target]) {
    await fetch(`${t.url}/api/login`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.token}` },
    });
  }
  await t.db
    .collection('users')
    .updateOne({ _id: blocked.uid as never }, { $set: { blocked: true } });
  await t.db
    .collection('sellers')
    .updateOne({ _id: suspendedSeller.sellerId as never }, { $set: { status: 'suspended' } });
});

describe('the route list', () => {
  it('covers every route the app serves under /api/, and only those', () => {
    const listed = [...ROUTES.map((r) => r.route), ...Object.keys(OPEN_ROUTES)];
    expect(new Set(listed).size, 'a route is listed twice').toBe(listed.length);
    expect(
      [...served].filter((route) => !listed.includes(route)),
      'declare these routes (lib/route.ts) or name them in OPEN_ROUTES',
    ).toEqual([]);
    expect(listed.filter((route) => !served.has(route))).toEqual([]);
    expect(ROUTES.length).toBeGreaterThan(100);
  });

  it('has fixtures only for routes it calls', () => {
    const called = new Set(ROUTES.map((r) => r.route));
    expect(Object.keys(FIXTURES).filter((route) => !called.has(route))).toEqual([]);
  });
});

const CALLERS: Caller[] = [
  'guest',
  'user',
  'seller',
  'otherSeller',
  'suspendedSeller',
  'admin',
  'blocked',
];
const cases = ROUTES.flatMap((route) => CALLERS.map((caller) => ({ route, caller })));

/** The route with its path parameters filled in. */
function url(route: Route): { method: string; path: string } {
  const [method, pattern] = route.route.split(' ') as [string, string];
  const params = route.params?.(ctx) ?? {};
  return {
    method,
    path: pattern.replace(/:(\w+)/g, (_, name: string) => params[name] ?? NOBODYS_ID),
  };
}

describe('route × role matrix', () => {
  it.each(cases)('$route.route as $caller', async ({ route, caller }) => {
    const me = caller === 'guest' ? null : callers[caller];
    const { method, path } = url(route);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (me) headers.authorization = `Bearer ${me.token}`;
    const body =
      route.body?.(me, ctx) ?? (method === 'GET' || method === 'DELETE' ? undefined : {});
    const res = await fetch(t.url + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (route.allowed.includes(caller)) {
      expect([401, 403], `${method} ${path}`).not.toContain(res.status);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
    } else {
      expect(res.status, `${method} ${path}`).toBe(caller === 'guest' ? 401 : 403);
    }
  });
});
