import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorSchema,
  RECAPTCHA_TEST_TOKEN,
  SellerSchema,
  UserInfoFullSchema,
  UserInfoSchema,
} from '@market/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { Hono } from 'hono';
import type { AppEnv } from '../src/app-env.ts';
import { createMails } from '../src/modules/mails/mails.ts';
import { createMailer } from '../src/modules/outbox/mailer.ts';
import { createRecaptcha } from '../src/integrations/recaptcha/recaptcha.ts';
import { handleError } from '../src/lib/errors.ts';
import { DEFAULT_LIMITS } from '../src/lib/rate-limit-config.ts';
import { mountRoutes } from '../src/lib/route.ts';
import { createLogger } from '../src/logger.ts';
import { authenticate, requireRole } from '../src/middleware/auth.ts';
import { createRateLimits } from '../src/middleware/rate-limit.ts';
import { signInRequirements } from '../src/middleware/sign-in-requirements.ts';
import { createOutboxRepository } from '../src/modules/outbox/outbox.repository.ts';
import { sessionRoutes } from '../src/modules/session/session.routes.ts';
import { createUserRepository } from '../src/modules/users/users.repository.ts';
import { createUserService } from '../src/modules/users/users.service.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

let n = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${n++}@test.example`;

const signUpBody = (email: string, overrides: object = {}) => ({
  user: { email, name: 'Nina', surname: 'Rossi', marketingConsent: true },
  tokenRecaptcha: RECAPTCHA_TEST_TOKEN,
  password: 'secret123',
  locale: 'it',
  referrer: 'friend-42',
  ...overrides,
});

/** Opens the verification link of the latest mail to `email`, as the emulator's page would. */
async function verifyFromOutbox(email: string) {
  const mail = await t.db.collection('outbox').findOne({ to: email }, { sort: { createdAt: -1 } });
  // In the account's language (Italian sign-ups, English seller applications).
  expect(mail?.subject).toMatch(/^(Verify your email address|Verifica il tuo indirizzo email)$/);
  // Signed with the shop's name (SHOP_NAME, default KeyHaven), never its host.
  expect(mail?.text).toMatch(/\n-- \nKeyHaven · http/);
  expect(mail?.html).toContain('<strong style="font-size:20px">KeyHaven</strong>');
  const link = String(mail?.text).match(/https?:\/\/\S+/)?.[0];
  const oobCode = new URL(link!).searchParams.get('oobCode');
  const res = await fetch(
    `http://${t.emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:update?key=test`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ oobCode }),
    },
  );
  expect(res.status).toBe(200);
}

describe('POST /api/user/profile/add (sign-up)', () => {
  it('creates the account, mails a verification link, and refuses sign-in until it is opened', async () => {
    const email = uniqueEmail('nina');
    const res = await t.call('POST', '/api/user/profile/add', { body: signUpBody(email) });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };

    const unverified = await t.call('POST', '/api/login', {
      token: await t.signIn(email, 'secret123'),
    });
    expect(unverified.status).toBe(403);
    expect(ApiErrorSchema.parse(await unverified.json()).providerCode).toBe(
      'auth/unverified-email',
    );

    await verifyFromOutbox(email);
    const login = await t.call('POST', '/api/login', { token: await t.signIn(email, 'secret123') });
    expect(login.status).toBe(204);
    const account = await t.call('GET', '/api/user/account', {
      token: await t.signIn(email, 'secret123'),
    });
    expect(UserInfoSchema.parse(await account.json())).toMatchObject({
      id,
      email,
      name: 'Nina',
      locale: 'it',
      role: 'user',
      emailVerified: true,
      loginMethod: 'password',
    });
  });

  it('answers 409 with the provider code for an email already in use', async () => {
    const email = uniqueEmail('twice');
    expect(
      (await t.call('POST', '/api/user/profile/add', { body: signUpBody(email) })).status,
    ).toBe(201);
    const again = await t.call('POST', '/api/user/profile/add', { body: signUpBody(email) });
    expect(again.status).toBe(409);
    const body = ApiErrorSchema.parse(await again.json());
    expect(body.providerCode).toBe('auth/email-already-exists');
    expect(body.errors?.['user.email']).toBeTruthy();
  });

  it('refuses a failed reCAPTCHA, a short password and a bad email with field errors', async () => {
    const res = await t.call('POST', '/api/user/profile/add', {
      body: signUpBody('not-an-email', { password: '12345', tokenRecaptcha: '' }),
    });
    expect(res.status).toBe(400);
    const { errors } = ApiErrorSchema.parse(await res.json());
    expect(Object.keys(errors ?? {}).sort()).toEqual(['password', 'tokenRecaptcha', 'user.email']);

    const robot = await t.call('POST', '/api/user/profile/add', {
      body: signUpBody(uniqueEmail('robot'), { tokenRecaptcha: 'forged' }),
    });
    expect(robot.status).toBe(400);
    expect(ApiErrorSchema.parse(await robot.json()).errors?.tokenRecaptcha).toBeTruthy();
  });
});

describe('sessions', () => {
  it('opens a session only from a sign-in under 5 minutes old', async () => {
    // The real middleware and route on the real emulator, with the route's clock moved on.
    const log = createLogger('silent');
    const users = createUserRepository(t.db);
    const userService = createUserService({
      users,
      auth: t.identity.auth,
      mails: createMails({
        mailer: createMailer({
          outbox: createOutboxRepository(t.db),
          smtpUrl: undefined,
          from: 'x',
          log,
        }),
        shop: { name: 'Shop', logoUrl: null, origin: t.url },
        users,
        sellers: { contactsByIds: async () => new Map() },
        log,
      }),
      recaptcha: createRecaptcha({ secret: undefined, verifyUrl: 'http://127.0.0.1:9/', log }),
      publicOrigin: t.url,
    });
    const buyer = await t.account('user');
    const { auth_time: authTime } = await t.identity.auth.verifyIdToken(buyer.token);
    const loginAt = (secondsAfterSignIn: number) => {
      const api = new Hono<AppEnv>()
        .use((c, next) => (c.set('log', log), next()))
        .use(authenticate(t.identity.auth, users));
      const clock = () => (authTime + secondsAfterSignIn) * 1000;
      mountRoutes(api, [sessionRoutes(t.identity.auth, userService, clock)], {
        guards: {
          public: [],
          user: [requireRole('user', 'seller', 'admin')],
          seller: [],
          admin: [],
        },
        requirements: signInRequirements(300),
        limit: createRateLimits(t.db, DEFAULT_LIMITS),
      });
      return api
        .onError(handleError)
        .request('/login', { method: 'POST', headers: { Authorization: `Bearer ${buyer.token}` } });
    };

    const stale = await loginAt(6 * 60);
    expect(stale.status).toBe(401);
    expect(ApiErrorSchema.parse(await stale.json()).providerCode).toBe(
      'auth/requires-recent-login',
    );
    expect(stale.headers.get('set-cookie')).toBeNull();

    const recent = await loginAt(4 * 60);
    expect(recent.status).toBe(204);
    expect(recent.headers.get('set-cookie')).toMatch(/^session=/);
  });

  it('sets a 12-day HttpOnly Lax cookie that works for reads and same-origin writes only', async () => {
    const buyer = await t.account('user');
    const login = await t.call('POST', '/api/login', { token: buyer.token });
    expect(login.status).toBe(204);
    const setCookie = login.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^session=/);
    expect(setCookie).toMatch(/Max-Age=1036800/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/); // plain-http loopback
    const cookie = setCookie.split(';')[0]!;

    expect((await t.call('GET', '/api/user/account', { cookie })).status).toBe(200);
    const crossSite = await t.call('POST', '/api/user/account/update', {
      cookie,
      body: { locale: 'it' },
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    // Without a trusted proxy, an X-Forwarded-Host naming the attacker's site changes nothing.
    const forgedHost = await fetch(`${t.url}/api/user/account/update`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie,
        origin: 'https://evil.example',
        'x-forwarded-host': 'evil.example',
      },
      body: JSON.stringify({ locale: 'it' }),
    });
    expect(forgedHost.status).toBe(403);
    const sameSite = await t.call('POST', '/api/user/account/update', {
      cookie,
      body: { locale: 'it' },
      origin: t.url,
    });
    expect(sameSite.status).toBe(200);
    expect(UserInfoSchema.parse(await sameSite.json()).locale).toBe('it');
  });

  it('logout clears the cookie and revokes the session', async () => {
    const buyer = await t.account('user');
    const login = await t.call('POST', '/api/login', { token: buyer.token });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    // Revocation has one-second resolution: a cookie minted in the same second survives it.
    await new Promise((r) => setTimeout(r, 1100));
    const logout = await t.call('POST', '/api/logout', { cookie, origin: t.url });
    expect(logout.status).toBe(204);
    expect(logout.headers.get('set-cookie')).toMatch(/session=;.*Max-Age=0/);
    expect((await t.call('GET', '/api/user/account', { cookie })).status).toBe(401);
  });

  it('treats a stale session cookie as a guest on public routes, and 401 elsewhere', async () => {
    const cookie = 'session=stale.cookie.value';
    const categories = await t.call('POST', '/api/public/categories/get-public', {
      cookie,
      origin: t.url,
      body: { locale: 'en' },
    });
    expect(categories.status).toBe(200);
    expect((await t.call('GET', '/api/user/account', { cookie })).status).toBe(401);
  });

  it('needs a bearer ID token to sign in', async () => {
    expect((await t.call('POST', '/api/login')).status).toBe(401);
  });
});

describe('blocking a user', () => {
  it('refuses every call of a blocked user with 403, and lets them back after unblocking', async () => {
    const admin = await t.account('admin');
    const buyer = await t.account('user');
    await t.call('POST', '/api/login', { token: buyer.token });
    const blocked = await t.call('POST', '/api/admin/users/edit', {
      token: admin.token,
      body: { userId: buyer.uid, blocked: true },
    });
    expect(blocked.status).toBe(200);
    expect(UserInfoFullSchema.parse(await blocked.json()).blocked).toBe(true);

    const refused = await t.call('GET', '/api/user/account', { token: buyer.token });
    expect(refused.status).toBe(403);
    expect(ApiErrorSchema.parse(await refused.json()).providerCode).toBe('auth/user-blocked');
    expect((await t.call('POST', '/api/login', { token: buyer.token })).status).toBe(403);

    await t.call('POST', '/api/admin/users/edit', {
      token: admin.token,
      body: { userId: buyer.uid, blocked: false },
    });
    const fresh = await t.signIn(buyer.email, 'secret123');
    expect((await t.call('GET', '/api/user/account', { token: fresh })).status).toBe(200);
  });

  it('does not let an admin block themselves', async () => {
    const admin = await t.account('admin');
    await t.call('POST', '/api/login', { token: admin.token });
    const res = await t.call('POST', '/api/admin/users/edit', {
      token: admin.token,
      body: { userId: admin.uid, blocked: true },
    });
    expect(res.status).toBe(409);
  });
});

describe('admin users resource', () => {
  it('lists users filtered by role and search, with a Content-Range total', async () => {
    const admin = await t.account('admin');
    const seller = await t.account('seller');
    await t.call('POST', '/api/login', { token: seller.token });
    const filter = encodeURIComponent(
      JSON.stringify({ role: 'seller', q: seller.email.slice(0, 20) }),
    );
    const res = await t.call('GET', `/api/admin/users?filter=${filter}&range=[0,9]`, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    const rows = UserInfoFullSchema.array().parse(await res.json());
    expect(rows.map((r) => r.id)).toContain(seller.uid);
    expect(rows.every((r) => r.role === 'seller')).toBe(true);
    expect(res.headers.get('content-range')).toMatch(/^users 0-\d+\/\d+$/);
  });

  it('reads several users by id, as react-admin getMany asks', async () => {
    const admin = await t.account('admin');
    const [a, b] = [await t.account('user'), await t.account('user')];
    for (const u of [a, b]) await t.call('POST', '/api/login', { token: u.token });
    const filter = encodeURIComponent(JSON.stringify({ id: [a.uid, b.uid] }));
    const res = await t.call('GET', `/api/admin/users?filter=${filter}`, { token: admin.token });
    const ids = UserInfoFullSchema.array()
      .parse(await res.json())
      .map((r) => r.id);
    expect(ids.sort()).toEqual([a.uid, b.uid].sort());
  });

  it('refuses an unknown filter value with a field error', async () => {
    const admin = await t.account('admin');
    const filter = encodeURIComponent(JSON.stringify({ role: 'wizard' }));
    const res = await t.call('GET', `/api/admin/users?filter=${filter}`, { token: admin.token });
    expect(res.status).toBe(400);
    expect(ApiErrorSchema.parse(await res.json()).errors?.['filter.role']).toBeTruthy();
  });

  it('answers info, info-full and 404 for an unknown user', async () => {
    const admin = await t.account('admin');
    const buyer = await t.account('user');
    await t.call('POST', '/api/login', { token: buyer.token });
    const info = await t.call('POST', '/api/admin/users/info-full', {
      token: admin.token,
      body: { userId: buyer.uid },
    });
    expect(UserInfoFullSchema.parse(await info.json()).providers).toEqual(['password']);
    const missing = await t.call('POST', '/api/admin/users/info', {
      token: admin.token,
      body: { userId: 'nobody' },
    });
    expect(missing.status).toBe(404);
  });

  it('re-sends a verification mail to an unverified account only', async () => {
    const admin = await t.account('admin');
    const email = uniqueEmail('resend');
    await t.call('POST', '/api/user/profile/add', { body: signUpBody(email) });
    const sent = await t.call('POST', '/api/admin/users/send-verify', {
      token: admin.token,
      body: { email, name: 'Nina' },
    });
    expect(sent.status).toBe(204);
    expect(await t.db.collection('outbox').countDocuments({ to: email })).toBe(2);
    const verified = await t.account('user');
    const again = await t.call('POST', '/api/admin/users/send-verify', {
      token: admin.token,
      body: { email: verified.email, name: '' },
    });
    expect(again.status).toBe(409);
  });
});

describe('seller applications', () => {
  const application = (email: string) => ({
    id: null,
    tokenRecaptcha: RECAPTCHA_TEST_TOKEN,
    seller: {
      email,
      name: 'Keys Galore',
      registrationName: 'Keys Galore S.r.l.',
      vatNumber: 'IT09876543210',
      image: null,
      password: 'secret123',
    },
  });

  it('goes from pending to approved, and only then opens the seller routes', async () => {
    const admin = await t.account('admin');
    const email = uniqueEmail('shop');
    const res = await t.call('POST', '/api/seller/profile/addseller', { body: application(email) });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await verifyFromOutbox(email);

    const applicant = await t.signIn(email, 'secret123');
    const status = await t.call('GET', '/api/user/seller-application', { token: applicant });
    expect(await status.json()).toMatchObject({ id, status: 'pending' });
    expect((await t.call('GET', '/api/seller/categories', { token: applicant })).status).toBe(403);

    const approved = await t.call('POST', `/api/admin/sellers/${id}/approve`, {
      token: admin.token,
      body: { reason: '' },
    });
    expect(SellerSchema.parse(await approved.json()).status).toBe('approved');
    const seller = await t.signIn(email, 'secret123');
    expect((await t.call('GET', '/api/seller/categories', { token: seller })).status).toBe(200);

    const reject = await t.call('POST', `/api/admin/sellers/${id}/reject`, {
      token: admin.token,
      body: {},
    });
    expect(reject.status).toBe(409);

    await t.call('POST', `/api/admin/sellers/${id}/suspend`, {
      token: admin.token,
      body: { reason: 'Chargebacks' },
    });
    const afterSuspension = await t.call('GET', '/api/seller/categories', { token: seller });
    expect([401, 403]).toContain(afterSuspension.status);
    const mails = await t.db
      .collection('outbox')
      .countDocuments({ to: email, kind: 'seller-status' });
    expect(mails).toBe(2);
  });

  it('refuses a VAT number without its country code', async () => {
    const body = application(uniqueEmail('vat'));
    body.seller.vatNumber = '12345';
    const res = await t.call('POST', '/api/seller/profile/addseller', { body });
    expect(res.status).toBe(400);
    expect(ApiErrorSchema.parse(await res.json()).errors?.['seller.vatNumber']).toBeTruthy();
  });

  it('refuses an application without a passing reCAPTCHA token, creating no account', async () => {
    const email = uniqueEmail('robot-shop');
    const res = await t.call('POST', '/api/seller/profile/addseller', {
      body: { ...application(email), tokenRecaptcha: 'forged' },
    });
    expect(res.status).toBe(400);
    expect(ApiErrorSchema.parse(await res.json()).errors?.tokenRecaptcha).toBeTruthy();
    expect(await t.db.collection('sellers').countDocuments({ email })).toBe(0);
  });

  it('answers 404 for an unknown decision or seller', async () => {
    const admin = await t.account('admin');
    const seller = await t.account('seller');
    expect(
      (
        await t.call('POST', `/api/admin/sellers/${seller.sellerId}/promote`, {
          token: admin.token,
          body: {},
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.call('POST', '/api/admin/sellers/nope/approve', { token: admin.token, body: {} }))
        .status,
    ).toBe(404);
  });
});
