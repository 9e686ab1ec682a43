import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

const PUBLIC_ORIGIN = 'https://shop.example';
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ env: { PUBLIC_ORIGIN }, storefront: true });
});
afterAll(() => t.close());

/** One request with the Host header a browser would send for that name. */
function request(method: string, path: string, host: string) {
  return new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
    const req = http.request(`${t.url}${path}`, { method, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('one canonical origin', () => {
  it('redirects pages asked for under another host to the same path on PUBLIC_ORIGIN', async () => {
    for (const method of ['GET', 'HEAD']) {
      const res = await request(method, '/checkout/complete?order=42', '127.0.0.1:8080');
      expect(res.status).toBe(308);
      expect(res.location).toBe(`${PUBLIC_ORIGIN}/checkout/complete?order=42`);
    }
    const console = await request('GET', '/admin/', 'www.shop.example');
    expect(console).toMatchObject({ status: 308, location: `${PUBLIC_ORIGIN}/admin/` });
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
    expect(sitemap.body).toContain(`<loc>${PUBLIC_ORIGIN}/</loc>`);

    const home = await request('GET', '/', 'shop.example');
    expect(home.status).toBe(200);
    expect(home.body).toContain(`<link rel="canonical" href="${PUBLIC_ORIGIN}/"`);
    expect(home.body).not.toContain('127.0.0.1');
  });
});
