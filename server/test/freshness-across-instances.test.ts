import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, ProductSalesSchema } from '@market/shared';
import { SESSION_STATE_TTL_MS } from '../src/identity/session-state-cache.ts';
import { freshCodes, newProduct, sell, uploadKeys } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

/*
 * Two instances of the app on one database, each with its own caches, following the change
 * stream as main.ts has them do: what one changes, the other shows within a second (a price), or
 * refuses at its next request (a block, a logout) — long before any cache's TTL.
 */
let a: TestServer;
let b: TestServer;
let seller: TestAccount;

beforeAll(async () => {
  a = await startTestServer({ changeStream: true });
  b = await startTestServer({ sameDatabaseAs: a, changeStream: true });
  seller = await a.account('seller');
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** Revocation has whole-second resolution (the token's `auth_time`): step into the next second. */
const nextSecond = () => new Promise((r) => setTimeout(r, 1100));

async function sessionCookie(t: TestServer, token: string): Promise<string> {
  const login = await t.call('POST', '/api/login', { token });
  expect(login.status).toBe(204);
  return (login.headers.get('set-cookie') ?? '').split(';')[0]!;
}

async function lowestPrice(t: TestServer, productId: string): Promise<number | undefined> {
  const res = await t.call('POST', '/api/public/products/info-multiple-sales', {
    body: { productIdList: [productId], currency: 'eur' },
  });
  expect(res.status).toBe(200);
  return ProductSalesSchema.array().parse(await res.json())[0]!.prices.eur?.min;
}

describe('freshness across instances', () => {
  it('shows a price changed through one instance on the other within a second', async () => {
    const productId = await newProduct(a.db, { categoryId: 'softwares' });
    const offer = await sell(a, seller, productId, { eur: 1500 });
    await uploadKeys(a, seller, offer.id, freshCodes(2));
    expect(await lowestPrice(b, productId)).toBe(1500);
    expect(await lowestPrice(b, productId)).toBe(1500); // answered from b's memory

    for (const eur of [1250, 990, 1400]) {
      const res = await a.call('PUT', `/api/seller/offers/${offer.id}`, {
        token: seller.token,
        body: { prices: { eur } },
      });
      expect(res.status).toBe(200);
      const changed = performance.now();
      let shown = await lowestPrice(b, productId);
      while (shown !== eur && performance.now() - changed < 2_000) {
        await new Promise((r) => setTimeout(r, 10));
        shown = await lowestPrice(b, productId);
      }
      expect(shown).toBe(eur);
      expect(performance.now() - changed).toBeLessThan(1_000);
    }
  });

  it('refuses a user blocked through one instance at their next request to the other', async () => {
    const admin = await a.account('admin');
    const buyer = await a.account('user');
    const cookie = await sessionCookie(b, buyer.token);
    // b now holds the buyer's session state in memory.
    expect((await b.call('GET', '/api/cart/get', { cookie })).status).toBe(200);
    expect((await b.call('GET', '/api/cart/get', { token: buyer.token })).status).toBe(200);
    await nextSecond();

    const block = await a.call('POST', '/api/admin/users/edit', {
      token: admin.token,
      body: { userId: buyer.uid, blocked: true },
    });
    expect(block.status).toBe(200);
    const refused = await b.call('GET', '/api/cart/get', { cookie });
    expect(refused.status).toBe(403);
    expect(ApiErrorSchema.parse(await refused.json()).providerCode).toBe('auth/user-blocked');
    expect((await b.call('GET', '/api/cart/get', { token: buyer.token })).status).toBe(403);
  });

  it('refuses a session logged out through one instance at its next request to the other', async () => {
    const buyer = await a.account('user');
    const cookie = await sessionCookie(a, buyer.token);
    expect((await b.call('GET', '/api/cart/get', { cookie })).status).toBe(200);
    expect((await b.call('GET', '/api/cart/get', { token: buyer.token })).status).toBe(200);
    await nextSecond();

    const start = Date.now();
    expect((await a.call('POST', '/api/logout', { cookie, origin: a.url })).status).toBe(204);
    const byCookie = await b.call('GET', '/api/cart/get', { cookie });
    expect(byCookie.status).toBe(401);
    expect(ApiErrorSchema.parse(await byCookie.json()).providerCode).toBe(
      'auth/session-cookie-revoked',
    );
    expect((await b.call('GET', '/api/cart/get', { token: buyer.token })).status).toBe(401);
    // Not the cache's TTL running out: the stream told b.
    expect(Date.now() - start).toBeLessThan(SESSION_STATE_TTL_MS / 2);
  });
});
