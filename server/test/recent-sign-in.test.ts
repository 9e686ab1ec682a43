import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '@market/shared';
import { LIMIT_NAMES } from '../src/lib/rate-limit-config.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { honoPath } from './served-routes.ts';

/**
 * What a stolen session must not do: each action declaring `recentSignIn` is refused (401
 * `auth/requires-recent-login`) to a credential whose sign-in is older than the window, however
 * fresh the credential itself (an ID token refreshed a second ago, a session cookie), and done
 * for the same person once they have signed in again. The window is the server's real check,
 * set to a few seconds here (RECENT_SIGN_IN_SECONDS) so that a real emulator sign-in ages past it.
 */
const WINDOW_S = 3;

const t: TestServer = await startTestServer({
  env: {
    RECENT_SIGN_IN_SECONDS: String(WINDOW_S),
    RATE_LIMITS: LIMIT_NAMES.map((name) => `${name}=100000/60`).join(','),
    // A supplier this server knows, so a connection can be saved (saving does not call it).
    SUPPLIER_WOCK_URL: 'http://127.0.0.1:9',
    SUPPLIER_PREPAIDFORGE_URL: 'http://127.0.0.1:9',
  },
});
afterAll(() => t.close());

type Session = { idToken: string; refreshToken: string };

/** The browser SDK's password sign-in, against the emulator: ID and refresh token. */
async function signIn(email: string): Promise<Session> {
  const res = await fetch(
    `http://${t.emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=test`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret123', returnSecureToken: true }),
    },
  );
  return (await res.json()) as Session;
}

/** What the SDK does every hour: a new ID token from the refresh token (same `auth_time`). */
async function refreshed({ refreshToken }: Session): Promise<string> {
  const res = await fetch(`http://${t.emulatorHost}/securetoken.googleapis.com/v1/token?key=test`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  });
  return ((await res.json()) as { id_token: string }).id_token;
}

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    auth_time: number;
    iat: number;
  };

const json = async (res: Response) => (await res.json()) as Record<string, unknown>;

let buyer: TestAccount;
let seller: TestAccount;
let admin: TestAccount;
let target: TestAccount;
let webhookId: string;
let connectionId: string;
/** Per account, a sign-in older than the window and an ID token refreshed from it since. */
const stale = new Map<string, { session: Session; token: string }>();

/** The sensitive actions: route → who does it, and the call, answered `ok` when allowed. */
type Action = {
  as: () => TestAccount;
  call: () => { method: string; path: string; body?: unknown };
  ok: number;
};
const ACTIONS: Record<string, Action> = {
  'POST /api/user/account/delete': {
    as: () => buyer,
    call: () => ({
      method: 'POST',
      path: '/api/user/account/delete',
      body: { confirmEmail: buyer.email },
    }),
    ok: 204,
  },
  'POST /api/seller/api-tokens': {
    as: () => seller,
    call: () => ({
      method: 'POST',
      path: '/api/seller/api-tokens',
      body: { name: 'Sync', scopes: ['offers:read'] },
    }),
    ok: 201,
  },
  'POST /api/seller/webhooks': {
    as: () => seller,
    call: () => ({
      method: 'POST',
      path: '/api/seller/webhooks',
      body: { url: 'http://127.0.0.1:9/hook', events: ['sale'] },
    }),
    ok: 201,
  },
  'PUT /api/seller/webhooks/:id': {
    as: () => seller,
    call: () => ({
      method: 'PUT',
      path: `/api/seller/webhooks/${webhookId}`,
      body: { url: 'http://127.0.0.1:9/elsewhere' },
    }),
    ok: 200,
  },
  'POST /api/seller/supplier-connections': {
    as: () => seller,
    call: () => ({
      method: 'POST',
      path: '/api/seller/supplier-connections',
      // One connection per supplier: the setup's took wock.
      body: {
        supplier: 'prepaidforge',
        label: 'x',
        credentials: { email: 'seller@test.example', password: 'p' },
      },
    }),
    ok: 201,
  },
  'PUT /api/seller/supplier-connections/:id': {
    as: () => seller,
    call: () => ({
      method: 'PUT',
      path: `/api/seller/supplier-connections/${connectionId}`,
      body: { supplier: 'wock', credentials: { apiKey: 'another-key' } },
    }),
    ok: 200,
  },
  'PUT /api/admin/users/:id': {
    as: () => admin,
    call: () => ({
      method: 'PUT',
      path: `/api/admin/users/${target.uid}`,
      body: { role: 'admin' },
    }),
    ok: 200,
  },
  'POST /api/admin/users/invite': {
    as: () => admin,
    call: () => ({
      method: 'POST',
      path: '/api/admin/users/invite',
      body: { email: `invited-${Date.now()}@test.example` },
    }),
    ok: 200,
  },
};

const send = (action: Action, token: string) => {
  const { method, path, body } = action.call();
  return t.call(method, path, { token, body });
};

beforeAll(async () => {
  [buyer, seller, admin, target] = await Promise.all([
    t.account('user'),
    t.account('seller'),
    t.account('admin'),
    t.account('user'),
  ]);
  // Profiles exist once an account has signed in (the role change reads the target's).
  for (const account of [buyer, seller, admin, target]) {
    expect((await t.call('POST', '/api/login', { token: account.token })).status).toBe(204);
  }
  const hook = await t.call('POST', '/api/seller/webhooks', {
    token: seller.token,
    body: { url: 'http://127.0.0.1:9/hook', events: ['sale'] },
  });
  expect(hook.status).toBe(201);
  webhookId = (await json(hook)).id as string;
  const connection = await t.call('POST', '/api/seller/supplier-connections', {
    token: seller.token,
    body: { supplier: 'wock', label: 'Main', credentials: { apiKey: 'a-key' } },
  });
  expect(connection.status).toBe(201);
  connectionId = (await json(connection)).id as string;
  const sessions = await Promise.all([buyer, seller, admin].map((a) => signIn(a.email)));
  // Past the window: `auth_time` has whole seconds, hence the extra one.
  await new Promise((resolve) => setTimeout(resolve, (WINDOW_S + 1.2) * 1000));
  // Refreshed now, before any new sign-in: the emulator gives a refreshed token the account's
  // latest sign-in time, where Firebase keeps each session's own.
  for (const [i, account] of [buyer, seller, admin].entries()) {
    const session = sessions[i]!;
    stale.set(account.uid, { session, token: await refreshed(session) });
  }
}, 30_000);

describe('the sensitive actions', () => {
  it('are the routes that declare a recent sign-in, as the API document lists them', async () => {
    const doc = (await (await fetch(`${t.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { 'x-recent-sign-in'?: boolean }>>;
    };
    const declared = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => op['x-recent-sign-in'])
        .map(([method]) => `${method.toUpperCase()} ${honoPath(path)}`),
    );
    expect(declared.sort()).toEqual(Object.keys(ACTIONS).sort());
  });
});

describe.each(Object.entries(ACTIONS))('%s', (route, action) => {
  it('is refused to a sign-in older than the window, even with a just-refreshed token', async () => {
    const { session, token } = stale.get(action.as().uid)!;
    // A new token of the old sign-in: what a stolen refresh token yields.
    expect(claimsOf(token).auth_time).toBe(claimsOf(session.idToken).auth_time);
    expect(claimsOf(token).iat).toBeGreaterThan(claimsOf(token).auth_time + WINDOW_S);

    const res = await send(action, token);
    expect(res.status).toBe(401);
    expect(ApiErrorSchema.parse(await res.json()).providerCode).toBe('auth/requires-recent-login');
    // The same credential still does everything else.
    const me = await t.call('GET', '/api/user/account', { token });
    expect(me.status).toBe(200);
    // An admin's refused attempt is in the audit log, as every refused admin write is.
    if (action.as() === admin) {
      const entry = await t.db
        .collection('auditLog')
        .findOne({ 'details.route': route.replace(' /api', ' '), 'details.status': 401 });
      expect(entry?.details).toMatchObject({ outcome: 'refused' });
    }
  });

  it('is done once the person has signed in again', async () => {
    const { idToken } = await signIn(action.as().email);
    const res = await send(action, idToken);
    expect(
      res.status,
      JSON.stringify(
        await res
          .clone()
          .json()
          .catch(() => null),
      ),
    ).toBe(action.ok);
  });
});

describe('a session cookie', () => {
  it('carries the sign-in it was minted from: re-signing in and POST /api/login renew it', async () => {
    const account = await t.account('user');
    const login = await t.call('POST', '/api/login', { token: account.token });
    const old = login.headers.get('set-cookie')!.split(';')[0]!;
    await new Promise((resolve) => setTimeout(resolve, (WINDOW_S + 1.2) * 1000));
    const body = { confirmEmail: account.email };
    const refused = await t.call('POST', '/api/user/account/delete', {
      cookie: old,
      origin: t.url,
      body,
    });
    expect(refused.status).toBe(401);
    expect(ApiErrorSchema.parse(await refused.json()).providerCode).toBe(
      'auth/requires-recent-login',
    );

    const renewed = await t.call('POST', '/api/login', {
      token: await t.signIn(account.email, 'secret123'),
    });
    const cookie = renewed.headers.get('set-cookie')!.split(';')[0]!;
    const done = await t.call('POST', '/api/user/account/delete', { cookie, origin: t.url, body });
    expect(done.status).toBe(204);
  }, 20_000);
});

describe('an API token', () => {
  it('cannot save supplier credentials, which its offers:write scope otherwise reaches', async () => {
    const owner = await t.account('seller');
    const minted = await t.call('POST', '/api/seller/api-tokens', {
      token: owner.token,
      body: { name: 'Sync', scopes: ['offers:write', 'offers:read'] },
    });
    expect(minted.status).toBe(201);
    const apiToken = (await json(minted)).token as string;
    const res = await t.call('POST', '/api/seller/supplier-connections', {
      token: apiToken,
      body: { supplier: 'wock', label: 'x', credentials: { apiKey: 'k' } },
    });
    expect(res.status).toBe(403);
    // Its scope still reads them.
    expect(
      (await t.call('GET', '/api/seller/supplier-connections', { token: apiToken })).status,
    ).toBe(200);
  });
});
