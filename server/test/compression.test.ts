import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ storefront: true });
});
afterAll(() => t.close());

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A GET as a browser sends it, the body as it came over the wire (not decoded). */
function get(pathname: string, acceptEncoding?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { host: 'localhost:8080' };
    if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
    http
      .get(`${t.url}${pathname}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

const decode = (r: Raw): Buffer =>
  r.headers['content-encoding'] === 'br'
    ? zlib.brotliDecompressSync(r.body)
    : r.headers['content-encoding'] === 'gzip'
      ? zlib.gunzipSync(r.body)
      : r.body;

const CHROME = 'gzip, deflate, br, zstd';

/** The first script of a built console's index.html: its hashed entry chunk. */
function entryScript(html: string): string {
  const src = /<script[^>]*\ssrc="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error('no script in index.html');
  return src;
}

describe('compressed answers', () => {
  it('sends a large JSON answer with brotli, gzip or as it is, as the client accepts', async () => {
    const plain = await get('/api/openapi.json');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.length).toBeGreaterThan(10_000);

    const br = await get('/api/openapi.json', CHROME);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    expect(decode(br).equals(plain.body)).toBe(true);

    const gzip = await get('/api/openapi.json', 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decode(gzip).equals(plain.body)).toBe(true);

    // A client that refuses brotli (q=0) gets gzip; one that refuses both gets it as it is.
    expect((await get('/api/openapi.json', 'br;q=0, gzip')).headers['content-encoding']).toBe(
      'gzip',
    );
    expect(
      (await get('/api/openapi.json', 'identity')).headers['content-encoding'],
    ).toBeUndefined();
  });

  it('leaves a small answer as it is, still saying that it varies', async () => {
    const res = await get('/api/health', CHROME);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(res.body.toString())).toMatchObject({ status: expect.any(String) });
  });

  it('compresses storefront pages and keeps their security headers', async () => {
    const plain = await get('/');
    const br = await get('/', CHROME);
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    expect(decode(br).toString()).toMatch(/^<!DOCTYPE html>/i);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);

    const gzip = await get('/category/games', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decode(gzip).toString()).toMatch(/<\/html>\s*$/);
  });
});

describe('console and storefront assets', () => {
  it.each(['admin', 'seller'])(
    '/%s/ serves its hashed files precompressed and cached for a year, index.html revalidated',
    async (name) => {
      const index = await get(`/${name}/`, CHROME);
      expect(index.status).toBe(200);
      expect(index.headers['cache-control']).toBe('no-cache');
      const src = entryScript(decode(index).toString());
      const original = fs.readFileSync(
        path.join(REPO_ROOT, name, 'dist', src.slice(name.length + 2)),
      );

      for (const [accept, coding] of [
        [CHROME, 'br'],
        ['gzip, deflate', 'gzip'],
      ] as const) {
        const asset = await get(src, accept);
        expect(asset.status).toBe(200);
        expect(asset.headers['content-encoding']).toBe(coding);
        expect(asset.headers['content-type']).toMatch(/javascript/);
        expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(asset.headers.vary).toMatch(/accept-encoding/i);
        expect(Number(asset.headers['content-length'])).toBe(asset.body.length);
        expect(decode(asset).equals(original)).toBe(true);
      }

      const plain = await get(src);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.equals(original)).toBe(true);
    },
  );

  it("serves the storefront's hashed scripts precompressed and immutable", async () => {
    const html = decode(await get('/', CHROME)).toString();
    const src = /(?:src|href)="(\/_astro\/[^"]+\.js)"/.exec(html)?.[1];
    expect(src).toBeDefined();
    const original = fs.readFileSync(path.join(REPO_ROOT, 'storefront/dist/client', src!));
    const asset = await get(src!, CHROME);
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.vary).toMatch(/accept-encoding/i);
    if (original.length >= 1024) expect(asset.headers['content-encoding']).toBe('br');
    expect(decode(asset).equals(original)).toBe(true);
  });
});
