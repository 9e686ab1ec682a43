import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '@market/shared';
import type { AppEnv } from '../src/app-env.ts';
import { createRevocationSync } from '../src/identity/session-revocation.ts';
import { handleError } from '../src/lib/errors.ts';
import { createLogger } from '../src/logger.ts';
import { authenticate, currentUser } from '../src/middleware/auth.ts';
import { createUserRepository } from '../src/modules/users/users.repository.ts';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** Revocation has whole-second resolution (the token's `auth_time`): step into the next second. */
const nextSecond = () => new Promise((r) => setTimeout(r, 1100));

async function sessionCookie(token: string): Promise<string> {
  const login = await t.call('POST', '/api/login', { token });
  expect(login.status).toBe(204);
  return (login.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/**
 * A proxy in front of the Auth emulator that counts what passes: firebase-admin reads the
 * emulator's address from the environment at every call, so pointing it here makes every call
 * the app makes to the identity provider visible.
 */
async function countingProxy(target: string) {
  let count = 0;
  const server = http.createServer((req, res) => {
    count++;
    const upstream = http.request(
      `http://${target}${req.url}`,
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host,
    count: () => count,
    reset: () => (count = 0),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('sessions ended by the app', () => {
  it('refuses an ID token and a cookie signed in before logout, and lets a new sign-in in', async () => {
    const buyer = await t.account('user');
    const cookie = await sessionCookie(buyer.token);
    expect((await t.call('GET', '/api/cart/get', { token: buyer.token })).status).toBe(200);
    await nextSecond();

    expect((await t.call('POST', '/api/logout', { cookie, origin: t.url })).status).toBe(204);
    const bearer = await t.call('GET', '/api/cart/get', { token: buyer.token });
    expect(bearer.status).toBe(401);
    expect(ApiErrorSchema.parse(await bearer.json()).providerCode).toBe('auth/id-token-revoked');
    const byCookie = await t.call('GET', '/api/cart/get', { cookie });
    expect(byCookie.status).toBe(401);
    expect(ApiErrorSchema.parse(await byCookie.json()).providerCode).toBe(
      'auth/session-cookie-revoked',
    );

    // Signing in again at once works, by token and by a new cookie.
    const fresh = await t.signIn(buyer.email, 'secret123');
    expect((await t.call('GET', '/api/cart/get', { token: fresh })).status).toBe(200);
    const newCookie = await sessionCookie(fresh);
    expect((await t.call('GET', '/api/cart/get', { cookie: newCookie })).status).toBe(200);
  });

  it('refuses a blocked user’s session cookie at the next call, and after unblocking only a new sign-in', async () => {
    const admin = await t.account('admin');
    const buyer = await t.account('user');
    const cookie = await sessionCookie(buyer.token);
    expect((await t.call('GET', '/api/cart/get', { cookie })).status).toBe(200);
    await nextSecond();

    const block = await t.call('POST', '/api/admin/users/edit', {
      token: admin.token,
      body: { userId: buyer.uid, blocked: true },
    });
    expect(block.status).toBe(200);
    const refused = await t.call('GET', '/api/cart/get', { cookie });
    expect(refused.status).toBe(403);
    expect(ApiErrorSchema.parse(await refused.json()).providerCode).toBe('auth/user-blocked');

    await t.call('POST', '/api/admin/users/edit', {
      token: admin.token,
      body: { userId: buyer.uid, blocked: false },
    });
    // Unblocking does not bring back the sessions the block ended.
    expect((await t.call('GET', '/api/cart/get', { cookie })).status).toBe(401);
    const fresh = await t.signIn(buyer.email, 'secret123');
    expect((await t.call('GET', '/api/cart/get', { token: fresh })).status).toBe(200);
  });
});

describe('per request', () => {
  it('asks the identity provider nothing, by token or by cookie', async () => {
    // An app of its own whose every call to the Auth emulator goes through a counting proxy.
    const proxy = await countingProxy(t.emulatorHost);
    const app = await startTestServer({ emulatorHost: proxy.host });
    try {
      const buyer = await app.account('user');
      const login = await app.call('POST', '/api/login', { token: buyer.token });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
      // The first request of a user has their provider record read once, in the background.
      expect((await app.call('GET', '/api/cart/get', { token: buyer.token })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 300));

      proxy.reset();
      for (let i = 0; i < 20; i++) {
        expect((await app.call('GET', '/api/cart/get', { token: buyer.token })).status).toBe(200);
        expect((await app.call('GET', '/api/cart/get', { cookie })).status).toBe(200);
      }
      expect(proxy.count()).toBe(0);
      // The proxy does see the app's calls: logout revokes the refresh tokens there.
      expect((await app.call('POST', '/api/logout', { cookie, origin: app.url })).status).toBe(204);
      expect(proxy.count()).toBeGreaterThan(0);
    } finally {
      await app.close();
      await proxy.close();
      // createIdentity pointed the process's firebase-admin default at the proxy.
      process.env.FIREBASE_AUTH_EMULATOR_HOST = t.emulatorHost;
    }
  });
});

describe('sessions ended at the identity provider', () => {
  it('copies a moved tokensValidAfterTime (a password change, say) and refuses older tokens', async () => {
    // The app's own middleware with a recheck interval of 0: the user's record is read again
    // after every request, in the background, as it is every 5 minutes in the app.
    const log = createLogger('silent');
    const users = createUserRepository(t.db);
    const api = new Hono<AppEnv>()
      .use((c, next) => (c.set('log', log), next()))
      .use(
        authenticate(
          t.identity.auth,
          users,
          false,
          createRevocationSync(t.identity.auth, users, 0),
        ),
      )
      .get('/me', (c) => c.json({ uid: currentUser(c).uid }))
      .onError(handleError);
    const me = (token: string) =>
      api.request('/me', { headers: { authorization: `Bearer ${token}` } });

    const buyer = await t.account('user');
    await sessionCookie(buyer.token); // gives the buyer a document
    expect((await me(buyer.token)).status).toBe(200);
    await nextSecond();
    const changedAt = Math.floor(Date.now() / 1000) * 1000;

    // Firebase moves tokensValidAfterTime itself on a password change; here, directly.
    await t.identity.auth.updateUser(buyer.uid, { password: 'changed456' });
    await t.identity.auth.revokeRefreshTokens(buyer.uid);
    expect((await me(buyer.token)).status).toBe(200); // not waited for: the copy is made now
    await expect
      .poll(async () => (await users.sessionState(buyer.uid))?.sessionsValidAfter?.getTime() ?? 0, {
        timeout: 5_000,
      })
      .toBeGreaterThanOrEqual(changedAt);
    expect((await me(buyer.token)).status).toBe(401);
    expect((await me(await t.signIn(buyer.email, 'changed456'))).status).toBe(200);
  });
});
