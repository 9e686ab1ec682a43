import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, FavoriteListSchema, FavoriteSchema, MAX_FAVORITES } from '@market/shared';
import { newProduct } from './fixtures.ts';
import { startTestServer, type CallOptions, type TestAccount, type TestServer } from './harness.ts';

let t: TestServer;
let buyer: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  t = await startTestServer();
  [buyer, other] = await Promise.all([t.account('user'), t.account('user')]);
});
afterAll(() => t.close());

type Auth = Omit<CallOptions, 'body'>;

const post = (path: string, body: unknown, auth: Auth = {}) =>
  t.call('POST', `/api/user/favorites/${path}`, { ...auth, body });

const bearer = (account: TestAccount): Auth => ({ token: account.token });

/** Adds the product to the account's favorites, dated now. */
const favorite = (productId: string, account: TestAccount) =>
  post('set', { productId, date: new Date().toISOString(), userId: account.uid }, bearer(account));

async function favorites(account: TestAccount) {
  const res = await post('get', {}, bearer(account));
  expect(res.status).toBe(200);
  return FavoriteListSchema.parse(await res.json());
}

describe('POST /api/user/favorites/set', () => {
  it('adds favorites that get lists newest first', async () => {
    const [first, second] = [await newProduct(t.db), await newProduct(t.db)];
    const account = await t.account('user');
    const older = await post(
      'set',
      { productId: first, date: '2025-01-01T10:00:00.000Z', userId: account.uid },
      bearer(account),
    );
    expect(older.status).toBe(200);
    expect(FavoriteSchema.parse(await older.json())).toEqual({
      productId: first,
      date: '2025-01-01T10:00:00.000Z',
    });
    await post(
      'set',
      { productId: second, date: '2025-03-01T10:00:00.000Z', userId: account.uid },
      bearer(account),
    );
    expect(await favorites(account)).toEqual([
      { productId: second, date: '2025-03-01T10:00:00.000Z' },
      { productId: first, date: '2025-01-01T10:00:00.000Z' },
    ]);
  });

  it('is idempotent: adding again keeps one favorite with its first date', async () => {
    const productId = await newProduct(t.db);
    const account = await t.account('user');
    const body = (date: string) => ({ productId, date, userId: account.uid });
    const results = await Promise.all([
      post('set', body('2025-02-01T00:00:00.000Z'), bearer(account)),
      post('set', body('2025-02-01T00:00:00.000Z'), bearer(account)),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const again = await post('set', body('2025-04-01T00:00:00.000Z'), bearer(account));
    expect(again.status).toBe(200);
    expect(await favorites(account)).toEqual([{ productId, date: '2025-02-01T00:00:00.000Z' }]);
  });

  it('keeps a date from the future at the present', async () => {
    const productId = await newProduct(t.db);
    const res = await post(
      'set',
      { productId, date: '2999-01-01T00:00:00.000Z', userId: buyer.uid },
      bearer(buyer),
    );
    const { date } = FavoriteSchema.parse(await res.json());
    expect(Date.parse(date)).toBeLessThanOrEqual(Date.now());
  });

  it('refuses a bad body with field errors', async () => {
    const res = await post('set', { productId: '', date: 'yesterday' }, bearer(buyer));
    expect(res.status).toBe(400);
    const { errors } = ApiErrorSchema.parse(await res.json());
    expect(Object.keys(errors ?? {}).sort()).toEqual(['date', 'productId', 'userId']);
  });

  it('refuses malformed JSON and a body that is not an object with 400', async () => {
    const malformed = await fetch(`${t.url}/api/user/favorites/set`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}` },
      body: '{"productId":',
    });
    expect(malformed.status).toBe(400);
    expect((await post('set', [1, 2], bearer(buyer))).status).toBe(400);
  });

  it('answers 404 for an unknown product', async () => {
    for (const productId of ['0123456789abcdef01234567', 'not-an-object-id']) {
      const res = await post(
        'set',
        { productId, date: new Date().toISOString(), userId: buyer.uid },
        bearer(buyer),
      );
      expect(res.status).toBe(404);
    }
  });

  it('refuses another user id with 403 and a guest with 401', async () => {
    const productId = await newProduct(t.db);
    const body = { productId, date: new Date().toISOString(), userId: other.uid };
    expect((await post('set', body, bearer(buyer))).status).toBe(403);
    expect(await favorites(other)).toEqual([]);
    expect((await post('set', body)).status).toBe(401);
  });

  it(`stops at ${MAX_FAVORITES} favorites with 409`, async () => {
    const account = await t.account('user');
    const productId = await newProduct(t.db);
    const now = new Date();
    // Filling the list through the API would take 500 calls; the limit is what is under test.
    await t.db.collection('favorites').insertMany(
      Array.from({ length: MAX_FAVORITES }, (_, i) => ({
        userId: account.uid,
        productId: `filler-${i}`,
        date: now,
      })),
    );
    const res = await post(
      'set',
      { productId, date: now.toISOString(), userId: account.uid },
      bearer(account),
    );
    expect(res.status).toBe(409);
  });
});

describe('POST /api/user/favorites/get', () => {
  it('answers only the caller’s favorites, also for an empty or missing body', async () => {
    const productId = await newProduct(t.db);
    const account = await t.account('user');
    await favorite(productId, account);
    expect(await favorites(account)).toHaveLength(1);
    const noBody = await fetch(`${t.url}/api/user/favorites/get`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(FavoriteListSchema.parse(await noBody.json())).toHaveLength(1);
    const named = await post('get', { userId: account.uid }, bearer(account));
    expect(FavoriteListSchema.parse(await named.json())).toHaveLength(1);
    expect(await favorites(other)).toEqual([]);
  });

  it('refuses another user id with 403, a bad one with 400 and a guest with 401', async () => {
    expect((await post('get', { userId: other.uid }, bearer(buyer))).status).toBe(403);
    const bad = await post('get', { userId: 42 }, bearer(buyer));
    expect(bad.status).toBe(400);
    expect(ApiErrorSchema.parse(await bad.json()).errors).toHaveProperty('userId');
    expect((await post('get', {})).status).toBe(401);
  });
});

describe('POST /api/user/favorites/delete', () => {
  it('removes a favorite, and removing it again is no error', async () => {
    const productId = await newProduct(t.db);
    const account = await t.account('user');
    await favorite(productId, account);
    const body = { productId, userId: account.uid };
    expect((await post('delete', body, bearer(account))).status).toBe(204);
    expect(await favorites(account)).toEqual([]);
    expect((await post('delete', body, bearer(account))).status).toBe(204);
  });

  it('refuses another user’s favorites with 403, a bad body with 400, a guest with 401', async () => {
    const productId = await newProduct(t.db);
    await favorite(productId, other);
    expect((await post('delete', { productId, userId: other.uid }, bearer(buyer))).status).toBe(
      403,
    );
    expect(await favorites(other)).toHaveLength(1);
    const bad = await post('delete', { userId: buyer.uid }, bearer(buyer));
    expect(bad.status).toBe(400);
    expect(ApiErrorSchema.parse(await bad.json()).errors).toHaveProperty('productId');
    expect((await post('delete', { productId, userId: other.uid })).status).toBe(401);
  });
});

describe('favorites with the session cookie', () => {
  it('works from the shop’s own pages and refuses cross-site writes', async () => {
    const account = await t.account('user');
    const login = await fetch(`${t.url}/api/login`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(login.status).toBe(204);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const productId = await newProduct(t.db);
    const own = { cookie, origin: t.url };

    const set = await post(
      'set',
      { productId, date: new Date().toISOString(), userId: account.uid },
      own,
    );
    expect(set.status).toBe(200);
    const list = await post('get', {}, own);
    expect(FavoriteListSchema.parse(await list.json()).map((f) => f.productId)).toEqual([
      productId,
    ]);

    const foreign = { cookie, origin: 'https://evil.example' };
    expect((await post('delete', { productId, userId: account.uid }, foreign)).status).toBe(403);
    expect((await post('delete', { productId, userId: account.uid }, { cookie })).status).toBe(403);
    expect((await post('delete', { productId, userId: account.uid }, own)).status).toBe(204);
    expect(await favorites(account)).toEqual([]);
  });
});
