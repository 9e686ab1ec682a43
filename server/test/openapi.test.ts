import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildAppDeps } from '../src/app-deps.ts';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/logger.ts';
import { startTestServer, type TestServer } from './harness.ts';

type Operation = {
  security?: unknown[];
  requestBody?: { content: { 'application/json': { schema: Record<string, unknown> } } };
};
type Document = {
  openapi: string;
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
};

let t: TestServer;
let doc: Document;
/** The routes the app registers (method and Hono path), to tell a missing route from a 404 answer. */
let served: Set<string>;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-openapi-'));

beforeAll(async () => {
  t = await startTestServer();
  doc = (await (await fetch(`${t.url}/api/openapi.json`)).json()) as Document;
  const app = createApp(
    buildAppDeps({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
      db: t.db,
      identity: t.identity,
      log: createLogger('silent'),
      databaseMode: 'embedded',
    }),
  );
  served = new Set(
    app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`),
  );
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path: p, op })),
  );
const honoPath = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');

/** The document's request body schema of `path`, as a zod schema again (no hand-written copy). */
function documentedBody(p: string): z.ZodType {
  const schema = doc.paths[p]!.post!.requestBody!.content['application/json'].schema;
  return z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
}

const post = (p: string, body: unknown) =>
  fetch(t.url + p, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document grouped by audience, with both ways to sign in', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.tags.map((tag) => tag.name)).toEqual(
      expect.arrayContaining(['Public catalogue', 'Session', 'Seller']),
    );
    expect(Object.keys(doc.components.securitySchemes!)).toEqual(['bearer', 'sessionCookie']);
    expect(Object.keys(doc.components.parameters!)).toEqual([
      'ListSort',
      'ListRange',
      'ListFilter',
    ]);
    expect(doc.components.schemas!.ApiError).toBeTruthy();
  });

  it('documents only operations the app serves', async () => {
    expect(operations().length).toBeGreaterThan(15);
    for (const { method, path: p, op } of operations()) {
      expect(served, `${method} ${p}`).toContain(`${method} ${honoPath(p)}`);
      // Without credentials and with a body of the wrong shape: refused, but never 404 or 500.
      const res = await fetch(t.url + p.replace(/\{(\w+)\}/g, '0123456789abcdef01234567'), {
        method,
        headers: op.requestBody ? { 'content-type': 'application/json' } : {},
        body: op.requestBody ? '[]' : undefined,
      });
      expect([404, 500], `${method} ${p} answered ${res.status}`).not.toContain(res.status);
      if (op.security?.length) expect(res.status, `${method} ${p}`).toBe(401);
    }
  });

  it('documents every public catalogue and seller offers route', () => {
    const documented = new Set(operations().map((o) => `${o.method} ${honoPath(o.path)}`));
    const mustDocument = [...served].filter((route) =>
      /^\w+ \/api\/(public|seller\/offers)\b/.test(route),
    );
    expect(mustDocument.length).toBeGreaterThan(10);
    expect(mustDocument.filter((route) => !documented.has(route))).toEqual([]);
  });
});

describe('request bodies in the document', () => {
  const cases: Array<[string, unknown[]]> = [
    [
      '/api/public/products/info-multiple',
      [
        { productIdList: [] },
        { productIdList: ['0123456789abcdef01234567'], locale: 'fr' },
        { productIdList: Array.from({ length: 101 }, () => 'x') },
        { locale: 'it' },
        { productIdList: ['0123456789abcdef01234567'] },
      ],
    ],
    [
      '/api/public/products/info-multiple-sales',
      [
        { productIdList: ['0123456789abcdef01234567'], currency: 'chf' },
        { productIdList: [''] },
        { productIdList: ['0123456789abcdef01234567'], currency: 'gbp', locale: 'it' },
      ],
    ],
    [
      '/api/public/products/search',
      [
        { categoryId: 'games', sort: 'price_asc' },
        { categoryId: 'toys' },
        { sort: 'cheapest' },
        { pageSize: 61 },
        { page: 0 },
        { priceMin: 1.5 },
        { q: 'x'.repeat(101) },
        {},
      ],
    ],
  ];

  it.each(cases)('of %s accept exactly what the route accepts', async (p, samples) => {
    const schema = documentedBody(p);
    for (const sample of samples) {
      const res = await post(p, sample);
      expect([200, 400], JSON.stringify(sample)).toContain(res.status);
      expect(schema.safeParse(sample).success, JSON.stringify(sample)).toBe(res.status === 200);
    }
  });
});

describe('GET /api/docs', () => {
  it('serves the reference page and every asset it loads, from this server', async () => {
    const res = await fetch(`${t.url}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets).toContain('/api/docs/assets/swagger-ui-bundle.js');
    for (const asset of assets) {
      expect(asset.startsWith('/api/docs/assets/'), asset).toBe(true);
      const file = await fetch(t.url + asset);
      expect(file.status, asset).toBe(200);
      expect((await file.arrayBuffer()).byteLength, asset).toBeGreaterThan(0);
    }
    const init = await (await fetch(`${t.url}/api/docs/assets/init.js`)).text();
    expect(init).toContain("url: '/api/openapi.json'");
  });

  it('serves only the Swagger UI files the page needs', async () => {
    for (const name of ['swagger-initializer.js', 'swagger-ui.js.map', '..%2Fpackage.json']) {
      expect((await fetch(`${t.url}/api/docs/assets/${name}`)).status, name).toBe(404);
    }
  });
});
