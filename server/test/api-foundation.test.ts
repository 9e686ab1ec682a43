import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, HealthSchema, PublicCategorySchema } from '@market/shared';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(t.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const get = (path: string, token?: string) =>
  fetch(t.url + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET /api/health', () => {
  it('reports the database and identity modes', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(HealthSchema.parse(await res.json())).toMatchObject({
      status: 'ok',
      identity: 'emulator',
    });
  });

  it('sends security headers and a request id', async () => {
    const res = await get('/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });
});

describe('POST /api/public/categories/get-public', () => {
  it('answers the four categories by position, named in Italian', async () => {
    const res = await post('/api/public/categories/get-public', { locale: 'it' });
    expect(res.status).toBe(200);
    const categories = PublicCategorySchema.array().parse(await res.json());
    expect(categories.map((c) => c.id)).toEqual(['games', 'softwares', 'cards', 'accounts']);
    expect(categories[0]?.name).toBe('Giochi');
  });

  it('names them in English', async () => {
    const res = await post('/api/public/categories/get-public', { locale: 'en' });
    const categories = PublicCategorySchema.array().parse(await res.json());
    expect(categories.map((c) => c.name)).toEqual([
      'Games',
      'Software',
      'Gift cards',
      'Game accounts',
    ]);
  });

  it('refuses an unknown locale with a field error', async () => {
    const res = await post('/api/public/categories/get-public', { locale: 'fr' });
    expect(res.status).toBe(400);
    const body = ApiErrorSchema.parse(await res.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors?.locale).toBeTruthy();
  });

  it('answers 400, not 500, to a body that is not JSON', async () => {
    const res = await post('/api/public/categories/get-public', '{"locale": ');
    expect(res.status).toBe(400);
    expect(ApiErrorSchema.parse(await res.json()).code).toBe('VALIDATION_FAILED');
  });

  it('answers 400 to a body of the wrong type', async () => {
    const res = await post('/api/public/categories/get-public', [1, 2, 3]);
    expect(res.status).toBe(400);
  });
});

describe('unknown routes', () => {
  it('answer 404 in the error shape with the request id', async () => {
    const res = await get('/api/no-such-thing');
    expect(res.status).toBe(404);
    const body = ApiErrorSchema.parse(await res.json());
    expect(body).toMatchObject({ code: 'NOT_FOUND' });
    expect(body.requestId).toBe(res.headers.get('x-request-id'));
  });
});

describe('GET /api/me', () => {
  it('refuses a guest with 401', async () => {
    const res = await get('/api/me');
    expect(res.status).toBe(401);
    expect(ApiErrorSchema.parse(await res.json()).code).toBe('UNAUTHENTICATED');
  });

  it('refuses a forged token with 401', async () => {
    expect((await get('/api/me', 'not-a-token')).status).toBe(401);
  });

  it('tells a signed-in admin their role', async () => {
    const res = await get('/api/me', await t.tokenFor('admin'));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ role: 'admin' });
  });
});

describe('console categories (ra-data-simple-rest)', () => {
  it('lists categories for an admin with a Content-Range total', async () => {
    const res = await get(
      '/api/admin/categories?sort=["position","ASC"]&range=[0,1]',
      await t.tokenFor('admin'),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('categories 0-1/4');
    const rows = (await res.json()) as { id: string; name: { it: string } }[];
    expect(rows.map((r) => r.id)).toEqual(['games', 'softwares']);
    expect(rows[0]?.name.it).toBe('Giochi');
  });

  it('shows one category and answers 404 for an unknown id', async () => {
    const token = await t.tokenFor('admin');
    expect((await get('/api/admin/categories/cards', token)).status).toBe(200);
    expect((await get('/api/admin/categories/nope', token)).status).toBe(404);
  });

  it('refuses a bad range with a field error', async () => {
    const res = await get('/api/admin/categories?range=[5,1]', await t.tokenFor('admin'));
    expect(res.status).toBe(400);
    expect(ApiErrorSchema.parse(await res.json()).errors?.range).toBeTruthy();
  });

  it.each([
    ['/api/admin/categories', 'user', 403],
    ['/api/admin/categories', 'seller', 403],
    ['/api/seller/categories', 'user', 403],
    ['/api/seller/categories', 'admin', 403],
    ['/api/seller/categories', 'seller', 200],
  ] as const)('%s as %s answers %i', async (path, role, status) => {
    const res = await get(path, await t.tokenFor(role));
    expect(res.status).toBe(status);
  });

  it('refuses a guest with 401', async () => {
    expect((await get('/api/admin/categories')).status).toBe(401);
  });
});
