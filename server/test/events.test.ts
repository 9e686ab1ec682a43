import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '@market/shared';
import type { EventDoc } from '../src/modules/events/events.repository.ts';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;

// Behind a proxy, as in production with one: the proxy's X-Forwarded-For names the client.
beforeAll(async () => {
  t = await startTestServer({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

let client = 0;
/** Each test speaks from an address of its own, so the per-address limit is its alone. */
const newClient = () => `203.0.113.${++client}`;

function send(
  body: unknown,
  opts: { ip?: string; token?: string; contentType?: string; server?: TestServer } = {},
) {
  const headers: Record<string, string> = {
    'content-type': opts.contentType ?? 'application/json',
    'x-forwarded-for': opts.ip ?? newClient(),
  };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  return fetch(`${(opts.server ?? t).url}/api/public/events`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const events = () => t.db.collection<EventDoc>('events');

describe('POST /api/public/events', () => {
  it('records a guest’s page view without personal data', async () => {
    const path = '/product/0123456789abcdef01234567/starfall';
    const res = await send({
      type: 'page_view',
      path,
      referrer: 'https://search.example/results?q=my+name&email=a@b.c#top',
      locale: 'en',
    });
    expect(res.status).toBe(204);
    const doc = await events().findOne({ path });
    expect(doc).toMatchObject({
      type: 'page_view',
      path,
      referrer: 'https://search.example/results',
      locale: 'en',
      uid: null,
    });
    expect(doc!.createdAt).toBeInstanceOf(Date);
  });

  it('records the uid of a signed-in visitor and nothing else about them', async () => {
    const account = await t.account('user');
    const res = await send(
      { type: 'page_view', path: '/it/category/games', referrer: '', locale: 'it' },
      { token: account.token },
    );
    expect(res.status).toBe(204);
    const doc = await events().findOne({ path: '/it/category/games' });
    expect(doc).toMatchObject({ uid: account.uid, referrer: null, locale: 'it' });
    expect(JSON.stringify(doc)).not.toContain(account.email);
  });

  it('keeps events 400 days through a TTL index', async () => {
    const indexes = await events().indexes();
    expect(indexes).toContainEqual(
      expect.objectContaining({ key: { createdAt: 1 }, expireAfterSeconds: 400 * 86_400 }),
    );
  });

  it('refuses admin and seller pages, and paths that are not paths', async () => {
    for (const path of ['/admin', '/admin/users', '/seller/', '/SELLER/offers']) {
      const res = await send({ type: 'page_view', path, locale: 'en' });
      expect(res.status, path).toBe(400);
      expect(ApiErrorSchema.parse(await res.json()).errors).toHaveProperty('path');
    }
    for (const path of ['category/games', '//evil.example/x', '/search?q=me', '', 'https://x.y/']) {
      expect((await send({ type: 'page_view', path, locale: 'en' })).status, path).toBe(400);
    }
    // Only the consoles' own areas: a shop page whose name starts alike is tracked.
    expect((await send({ type: 'page_view', path: '/sellers-guide', locale: 'en' })).status).toBe(
      204,
    );
  });

  it('answers 400 with field errors for every other bad shape', async () => {
    const res = await send({ type: 'click', path: '/', locale: 'fr', referrer: 'javascript:x' });
    expect(res.status).toBe(400);
    const { errors } = ApiErrorSchema.parse(await res.json());
    expect(Object.keys(errors ?? {}).sort()).toEqual(['locale', 'referrer', 'type']);
    expect((await send('{"type":')).status).toBe(400);
    expect((await send('null')).status).toBe(400);
    expect(
      (await send({ type: 'page_view', path: '/', locale: 'en' }, { contentType: 'text/plain' }))
        .status,
    ).toBe(400);
    expect(
      (await send({ type: 'page_view', path: `/${'a'.repeat(5000)}`, locale: 'en' })).status,
    ).toBe(400);
  });

  it('answers 429 past 120 requests a minute from one address, others still pass', async () => {
    const ip = newClient();
    const view = { type: 'page_view', path: '/', locale: 'en' };
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) statuses.push((await send(view, { ip })).status);
    expect(statuses.every((s) => s === 204)).toBe(true);
    const limited = await send(view, { ip });
    expect(limited.status).toBe(429);
    expect(ApiErrorSchema.parse(await limited.json()).code).toBe('TOO_MANY_REQUESTS');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await send(view)).status).toBe(204);
  });
});

describe('the client address the page-view limit counts', () => {
  const view = { type: 'page_view', path: '/', locale: 'en' };

  /** Statuses of 121 views, each sent with the X-Forwarded-For `header(i)`. */
  async function burst(header: (i: number) => string, server?: TestServer) {
    const statuses: number[] = [];
    for (let i = 0; i <= 120; i++)
      statuses.push((await send(view, { ip: header(i), server })).status);
    return statuses;
  }

  it('behind a proxy, is the entry the proxy appended, not what the client wrote before it', async () => {
    const ip = newClient();
    const statuses = await burst((i) => `198.51.100.${i % 250}, ${ip}`);
    expect(statuses.slice(0, 120).every((s) => s === 204)).toBe(true);
    expect(statuses[120]).toBe(429);
  });

  describe('without TRUST_PROXY', () => {
    let direct: TestServer;
    beforeAll(async () => {
      direct = await startTestServer();
    });
    afterAll(() => direct.close());

    it('is the socket address: a made-up X-Forwarded-For on each request does not dodge the 429', async () => {
      const statuses = await burst((i) => `192.0.2.${i % 250}`, direct);
      expect(statuses.slice(0, 120).every((s) => s === 204)).toBe(true);
      expect(statuses[120]).toBe(429);
    });
  });
});
