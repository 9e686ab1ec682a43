import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { createPageCache } from './page-cache.ts';
import { createPageChanges } from './page-changes.ts';
import type { NodeHandler } from './page-render.ts';

/*
 * The cache in front of a stand-in for the built storefront (a handler writing pages as Astro's
 * does), on a real HTTP server. The real storefront is in server/test/page-cache.test.ts.
 */
const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((resolve) => s.close(resolve));
});

async function serveWith(page: { html: string; headers?: Record<string, string> }) {
  const renders: Array<{ url: string; cookie?: string }> = [];
  const storefront: NodeHandler = async (req, res) => {
    renders.push({ url: req.url!, cookie: req.headers.cookie });
    await new Promise((resolve) => setTimeout(resolve, 20));
    res.writeHead(200, {
      'content-type': 'text/html',
      'cache-control': 'public, max-age=5',
      'content-security-policy': "script-src 'self' 'sha256-AAAA'",
      ...page.headers,
    });
    res.write(page.html);
    res.end();
  };
  const changes = createPageChanges();
  const clock = { now: 0 };
  const cache = createPageCache({
    settings: { enabled: true, maxBytes: 1_000_000, freshMs: 1_000, maxAgeMs: 60_000, changes },
    now: () => clock.now,
    storefront,
    policy: "default-src 'self'; script-src 'self'",
    host: 'shop.example',
    passThrough: (_req, res) => void res.end('rendered for itself'),
    log: createLogger('silent'),
  });
  const server = http.createServer((req, res) => {
    if (!cache.handle(req, res)) res.end('not a cached page');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(base + path, { headers });
    return { cache: res.headers.get('x-cache'), body: await res.text(), headers: res.headers };
  };
  return { get, renders, changes, clock };
}

describe('page cache', () => {
  it('renders a page once for requests arriving together, anonymously', async () => {
    const { get, renders } = await serveWith({ html: '<p>v1</p>' });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => get('/category/games', { cookie: 'session=secret' })),
    );
    expect(renders).toEqual([{ url: '/category/games', cookie: undefined }]);
    expect(answers.map((a) => a.body)).toEqual(Array(5).fill('<p>v1</p>'));
    // Those that arrived during the render waited for it (miss); on a busy machine a late one
    // may only arrive after it was stored (hit). Either way: one render.
    expect(answers.some((a) => a.cache === 'miss')).toBe(true);
    for (const a of answers) expect(['miss', 'hit']).toContain(a.cache);
    const hit = await get('/category/games');
    expect(hit.cache).toBe('hit');
    expect(hit.headers.get('content-security-policy')).toBe(
      "default-src 'self'; script-src 'self' 'sha256-AAAA'",
    );
  });

  it('serves a page past its fresh time stale while one render replaces it', async () => {
    const page = { html: '<p>v1</p>' };
    const { get, renders, clock } = await serveWith(page);
    await get('/');
    clock.now = 1_500;
    page.html = '<p>v2</p>';
    const stale = await get('/');
    expect(stale).toMatchObject({ cache: 'stale', body: '<p>v1</p>' });
    expect(stale.headers.get('age')).toBe('1');
    // The render started by the stale answer replaces the entry, once.
    await expect.poll(async () => (await get('/')).body).toBe('<p>v2</p>');
    expect(await get('/')).toMatchObject({ cache: 'hit', body: '<p>v2</p>' });
    expect(renders).toHaveLength(2);
  });

  it('drops the pages of the tags a write publishes, and only those', async () => {
    const { get, changes } = await serveWith({ html: '<p>x</p>' });
    await get('/category/games');
    await get('/support/docs/guides/steam');
    changes.publish(['listing']);
    expect((await get('/category/games')).cache).toBe('miss');
    expect((await get('/support/docs/guides/steam')).cache).toBe('hit');
  });

  it('renders for the request itself what cannot be shared', async () => {
    const withCookie = await serveWith({ html: 'x', headers: { 'set-cookie': 'a=b' } });
    expect(await withCookie.get('/')).toMatchObject({
      cache: 'bypass',
      body: 'rendered for itself',
    });
    const personal = await serveWith({ html: 'x', headers: { 'cache-control': 'no-store' } });
    expect((await personal.get('/')).body).toBe('rendered for itself');
    const bearer = await serveWith({ html: 'x' });
    expect(await bearer.get('/', { authorization: 'Bearer t' })).toMatchObject({
      cache: 'bypass',
      body: 'not a cached page',
    });
    expect(bearer.renders).toHaveLength(0);
    expect((await bearer.get('/cart')).body).toBe('not a cached page');
  });
});
