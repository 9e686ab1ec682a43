import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestAs } from './fixtures.ts';
import { startTestServer, type TestServer } from './harness.ts';

const PUBLIC_ORIGIN = 'https://shop.example';
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ env: { PUBLIC_ORIGIN }, storefront: true });
});
afterAll(() => t.close());

const request = (method: string, path: string, host: string) =>
  requestAs(t.url, method, path, host);

describe('one canonical origin', () => {
  it('redirects pages asked for under another host to the same path on PUBLIC_ORIGIN', async () => {
    for (const method of ['GET', 'HEAD']) {
      const res = await request(method, '/checkout/complete?order=42', '127.0.0.1:8080');
      expect(res.status).toBe(308);
      expect(res.headers.location).toBe(`${PUBLIC_ORIGIN}/checkout/complete?order=42`);
    }
    const console = await request('GET', '/admin/', 'www.shop.example');
    expect(console.status).toBe(308);
    expect(console.headers.location).toBe(`${PUBLIC_ORIGIN}/admin/`);
  });

  it('answers API calls and page writes where they arrive', async () => {
    const health = await request('GET', '/api/health', '127.0.0.1:8080');
    expect(health.status).toBe(200);
    expect((await request('POST', '/login', '127.0.0.1:8080')).status).not.toBe(308);
  });

  it('builds robots.txt and canonical links from PUBLIC_ORIGIN, whatever the Host', async () => {
    const robots = await request('GET', '/robots.txt', 'shop.example');
    expect(robots.status).toBe(200);
    expect(robots.body).toContain(`Sitemap: ${PUBLIC_ORIGIN}/sitemap.xml`);

    const sitemap = await request('GET', '/sitemap.xml', 'shop.example');
    expect(sitemap.body).toContain(`<loc>${PUBLIC_ORIGIN}/sitemap-pages.xml</loc>`);
    const pages = await request('GET', '/sitemap-pages.xml', 'shop.example');
    expect(pages.body).toContain(`<loc>${PUBLIC_ORIGIN}/</loc>`);

    const home = await request('GET', '/', 'shop.example');
    expect(home.status).toBe(200);
    expect(home.body).toContain(`<link rel="canonical" href="${PUBLIC_ORIGIN}/"`);
    expect(home.body).not.toContain('127.0.0.1');
  });
});
