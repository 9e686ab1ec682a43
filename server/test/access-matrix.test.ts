import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMIT_NAMES } from '../src/lib/rate-limit-config.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { servedApiRoutes } from './served-routes.ts';

/**
 * Every route under /api/, called as each kind of caller. "allow" means the request got past
 * authentication and authorisation (any status but 401 and 403) and never a 500. The list must
 * name every route the app registers (or put it in OPEN_ROUTES, saying why): a new route
 * turns the test red until someone decides who may call it.
 */
type Caller = 'guest' | 'user' | 'seller' | 'otherSeller' | 'suspendedSeller' | 'admin' | 'blocked';
type Ctx = { target: TestAccount; seller: TestAccount };
type Route = {
  /** Method and Hono path as the app registers it: `POST /api/admin/sellers/:id/:decision`. */
  route: string;
  /** Path parameters; an `:id` left out is a well-formed id no record has. */
  params?: (ctx: Ctx) => Record<string, string>;
  /** The JSON body; `{}` (a 400 past the guards) for writes when left out. */
  body?: (me: TestAccount | null, ctx: Ctx) => unknown;
  allowed: Caller[];
};

const ADMIN: Caller[] = ['admin'];
/** Sellers whose shop is approved now. */
const SELLERS: Caller[] = ['seller', 'otherSeller'];
const SIGNED_IN: Caller[] = ['user', 'seller', 'otherSeller', 'suspendedSeller', 'admin'];
const EVERYONE: Caller[] = ['guest', ...SIGNED_IN, 'blocked'];

const NOBODYS_ID = '0123456789abcdef01234567';

const all = (allowed: Caller[], ...routes: string[]): Route[] =>
  routes.map((route) => ({ route, allowed }));

/** The five ra-data-simple-rest calls of a resource (`crud` names those it has). */
const resource = (allowed: Caller[], base: string, crud = 'LG'): Route[] =>
  all(
    allowed,
    ...[...crud].map(
      (c) =>
        ({
          L: `GET ${base}`,
          G: `GET ${base}/:id`,
          C: `POST ${base}`,
          U: `PUT ${base}/:id`,
          D: `DELETE ${base}/:id`,
        })[c]!,
    ),
  );

/** Open to everyone but not called per caller here: route → the test that covers it. */
const OPEN_ROUTES: Record<string, string> = {
  // Signing out revokes the caller's refresh tokens, which would sign out every later case.
  'POST /api/logout': 'identity.test.ts',
  'GET /api/openapi.json': 'openapi.test.ts',
  'GET /api/docs': 'openapi.test.ts',
  'GET /api/docs/assets/init.js': 'openapi.test.ts',
  'GET /api/docs/assets/:file': 'openapi.test.ts',
};

const ROUTES: Route[] = [
  // Public: a blocked user's or a seller's credential does not stop them browsing.
  ...all(
    EVERYONE,
    'GET /api/health',
    'GET /api/public/client-config',
    'GET /api/public/state',
    'POST /api/public/categories/get-public',
    'POST /api/public/categories/get',
    'POST /api/public/categories/get-all',
    'POST /api/public/categories/get-list-prod-count',
    'POST /api/public/categories/get-by-id',
    'POST /api/public/macrocategories/get',
    'POST /api/public/macrocategories/get-public',
    'POST /api/public/products/info-multiple',
    'POST /api/public/products/info-multiple-sales',
    'POST /api/public/products/search',
    'POST /api/public/events',
    // Sign-up and seller applications are open to guests (an empty body answers 400).
    'POST /api/user/profile/add',
    'POST /api/seller/profile/addseller',
    // Payment providers' webhooks: the signature authenticates them (an unsigned body is 400).
    'POST /api/payments/webhooks/paypal',
    'POST /api/payments/webhooks/checkout',
  ),

  // Any signed-in role, on the caller's own records.
  ...all(SIGNED_IN, 'GET /api/me', 'POST /api/login', 'GET /api/user/account'),
  { route: 'POST /api/user/account/update', body: () => ({ locale: 'en' }), allowed: SIGNED_IN },
  {
    route: 'POST /api/user/profile/verify',
    body: (me) => ({ email: me?.email ?? 'guest@test.example' }),
    allowed: SIGNED_IN,
  },
  {
    route: 'POST /api/user/profile/addsocial',
    body: (me) => ({
      id: me?.uid ?? 'guest',
      user: { email: me?.email ?? 'guest@test.example', name: 'Social' },
      tokenRecaptcha: 'test-recaptcha-token',
    }),
    allowed: SIGNED_IN,
  },
  ...all(SIGNED_IN, 'GET /api/user/seller-application'),
  { route: 'POST /api/user/favorites/get', body: () => ({}), allowed: SIGNED_IN },
  {
    route: 'POST /api/user/favorites/set',
    body: (me) => ({
      productId: NOBODYS_ID,
      date: new Date().toISOString(),
      userId: me?.uid ?? 'guest',
    }),
    allowed: SIGNED_IN,
  },
  {
    route: 'POST /api/user/favorites/delete',
    body: (me) => ({ productId: NOBODYS_ID, userId: me?.uid ?? 'guest' }),
    allowed: SIGNED_IN,
  },
  // The cart and the coupon check: a guest's cart stays in the browser.
  ...all(
    SIGNED_IN,
    'GET /api/cart/get',
    'POST /api/cart/addToCart',
    'POST /api/cart/updateCartSummary',
    'POST /api/user/cart/updateCartProducts',
    'POST /api/user/coupons/verify',
  ),

  // The caller's own orders (another's, like these unknown ids, answers 404).
  ...resource(SIGNED_IN, '/api/user/orders'),
  ...all(
    SIGNED_IN,
    'POST /api/user/orders/:id/keys/:keyId/reveal',
    'POST /api/user/orders/:id/claim-account',
    'POST /api/user/checkout',
    'POST /api/user/checkout/:orderId/complete',
  ),

  // Approved sellers only (not a suspended one, nor an admin).
  ...resource(SELLERS, '/api/seller/offers', 'LGCU'),
  ...all(SELLERS, 'POST /api/seller/offers/:id/keys'),
  ...resource(SELLERS, '/api/seller/keys'),
  ...all(SELLERS, 'POST /api/seller/keys/:id/revoke'),
  ...resource(SELLERS, '/api/seller/products'),
  ...resource(SELLERS, '/api/seller/product-proposals', 'LGC'),
  ...all(SELLERS, 'GET /api/seller/categories'),
  ...resource(SELLERS, '/api/seller/sales', 'L'),
  ...all(SELLERS, 'GET /api/seller/balance'),
  { route: 'GET /api/seller/categories/:id', params: () => ({ id: 'games' }), allowed: SELLERS },

  // Admins only.
  ...all(ADMIN, 'GET /api/admin/users'),
  { route: 'GET /api/admin/users/:id', params: (c) => ({ id: c.target.uid }), allowed: ADMIN },
  {
    route: 'POST /api/admin/users/info',
    body: (_, c) => ({ userId: c.target.uid }),
    allowed: ADMIN,
  },
  {
    route: 'POST /api/admin/users/info-full',
    body: (_, c) => ({ userId: c.target.uid }),
    allowed: ADMIN,
  },
  {
    route: 'POST /api/admin/users/edit',
    body: (_, c) => ({ userId: c.target.uid, blocked: false }),
    allowed: ADMIN,
  },
  {
    route: 'POST /api/admin/users/send-verify',
    body: (_, c) => ({ email: c.target.email, name: '' }),
    allowed: ADMIN,
  },
  ...all(ADMIN, 'GET /api/admin/sellers'),
  {
    route: 'GET /api/admin/sellers/:id',
    params: (c) => ({ id: c.seller.sellerId! }),
    allowed: ADMIN,
  },
  {
    // Rejecting an approved shop is refused (409): the decision changes nothing here.
    route: 'POST /api/admin/sellers/:id/:decision',
    params: (c) => ({ id: c.seller.sellerId!, decision: 'reject' }),
    allowed: ADMIN,
  },
  ...resource(ADMIN, '/api/admin/outbox'),
  ...resource(ADMIN, '/api/admin/products', 'LGCUD'),
  ...resource(ADMIN, '/api/admin/product-proposals'),
  ...all(
    ADMIN,
    'POST /api/admin/product-proposals/:id/approve',
    'POST /api/admin/product-proposals/:id/reject',
  ),
  ...resource(ADMIN, '/api/admin/categories', 'LUD'),
  { route: 'GET /api/admin/categories/:id', params: () => ({ id: 'games' }), allowed: ADMIN },
  ...all(ADMIN, 'POST /api/admin/categories/edit', 'POST /api/admin/categories/delete'),
  ...resource(ADMIN, '/api/admin/macrocategories', 'LGCUD'),
  ...resource(ADMIN, '/api/admin/platforms', 'LGCUD'),
  ...resource(ADMIN, '/api/admin/brands', 'LGCUD'),
  ...resource(ADMIN, '/api/admin/tags', 'LGCUD'),
  ...resource(ADMIN, '/api/admin/home-content', 'LGU'),
  ...resource(ADMIN, '/api/admin/offers', 'LGU'),
  ...resource(ADMIN, '/api/admin/keys'),
  ...all(ADMIN, 'POST /api/admin/keys/:id/reveal', 'POST /api/admin/keys/:id/revoke'),
  ...resource(ADMIN, '/api/admin/exchange-rates', 'LGU'),
  ...resource(ADMIN, '/api/admin/audit-log'),
  ...resource(ADMIN, '/api/admin/orders'),
  ...all(
    ADMIN,
    'POST /api/admin/orders/:id/approve',
    'POST /api/admin/orders/:id/decline',
    'POST /api/admin/orders/:id/cancel',
    'POST /api/admin/orders/:id/refund',
    'POST /api/admin/orders/:id/refresh',
  ),
  ...resource(ADMIN, '/api/admin/refunds'),
  ...resource(ADMIN, '/api/admin/blocklist', 'LGCD'),
  ...resource(ADMIN, '/api/admin/coupons', 'LGCUD'),
];

let t: TestServer;
let callers: Record<Exclude<Caller, 'guest'>, TestAccount>;
let ctx: Ctx;
let served: Set<string>;

beforeAll(async () => {
  // Every cell comes from this one address: the abuse limits (tested in rate-limits.test.ts)
  // are raised so that they never answer for the access rules.
  t = await startTestServer({
    env: { RATE_LIMITS: LIMIT_NAMES.map((name) => `${name}=100000/60`).join(',') },
  });
  served = servedApiRoutes(t);
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
afterAll(() => t.close());

describe('the route list', () => {
  it('names every route the app serves under /api/, and only those', () => {
    const listed = [...ROUTES.map((r) => r.route), ...Object.keys(OPEN_ROUTES)];
    expect(new Set(listed).size, 'a route is listed twice').toBe(listed.length);
    expect(
      [...served].filter((route) => !listed.includes(route)),
      'decide who may call these: add them to ROUTES',
    ).toEqual([]);
    expect(listed.filter((route) => !served.has(route))).toEqual([]);
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
