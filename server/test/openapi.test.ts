import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_MESSAGES } from '@market/shared';
import { startTestServer, type TestServer } from './harness.ts';
import type { Access } from './served-routes.ts';

type Operation = {
  operationId: string;
  tags: string[];
  'x-access': Access;
  security?: unknown[];
  parameters?: Array<{
    name?: string;
    in?: string;
    $ref?: string;
    content?: { 'application/json': { schema: { properties?: Record<string, unknown> } } };
  }>;
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

beforeAll(async () => {
  t = await startTestServer();
  doc = (await (await fetch(`${t.url}/api/openapi.json`)).json()) as Document;
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path: p, op })),
  );

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
      expect.arrayContaining(['Public catalogue', 'Session', 'Signed-in user', 'Seller', 'Admin']),
    );
    expect(Object.keys(doc.components.securitySchemes!)).toEqual(['bearer', 'sessionCookie']);
    // Each list's `filter` is written into its operation, typed by its own schema.
    expect(Object.keys(doc.components.parameters!)).toEqual(['ListSort', 'ListRange']);
    expect(doc.components.schemas!.ApiError).toBeTruthy();
  });

  it('documents every declared route, each answering a guest without 404 or 500', async () => {
    expect(operations().length).toBeGreaterThan(100);
    for (const { method, path: p, op } of operations()) {
      // Without credentials and with a body of the wrong shape: refused, but never 404 or 500.
      const res = await fetch(t.url + p.replace(/\{(\w+)\}/g, '0123456789abcdef01234567'), {
        method,
        headers: op.requestBody ? { 'content-type': 'application/json' } : {},
        body: op.requestBody ? '[]' : undefined,
      });
      if (res.status === 404 && !op.security?.length && p.includes('{')) {
        // A public route by id (a picture's width): nothing has the made-up id, so it answers
        // its own 404; a route that does not exist answers the router's plain "Not found".
        const { message } = (await res.json()) as { message: string };
        expect(message, `${method} ${p}`).not.toBe(ERROR_MESSAGES.NOT_FOUND);
        continue;
      }
      expect([404, 500], `${method} ${p} answered ${res.status}`).not.toContain(res.status);
      if (op.security?.length) expect(res.status, `${method} ${p}`).toBe(401);
    }
  });

  it('passes Redocly’s recommended rules', async () => {
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const found = problems
      .map((p) => `${p.ruleId} at ${p.location[0]?.pointer ?? '?'}`)
      // Health and the sign-in configuration take no input and no credential: no client error
      // can answer them, and the document does not invent one.
      .filter(
        (p) =>
          ![
            'operation-4xx-response at #/paths/~1api~1health/get/responses',
            'operation-4xx-response at #/paths/~1api~1public~1client-config/get/responses',
          ].includes(p),
      );
    expect(found).toEqual([]);
  });

  it('is self-consistent: unique operation ids, declared path parameters, resolvable $refs', () => {
    const ids = operations().map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { method, path: p, op } of operations()) {
      const declared = (op.parameters ?? []).filter((x) => x.in === 'path').map((x) => x.name);
      const inPath = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(declared.sort(), `${method} ${p}`).toEqual(inPath.sort());
    }
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(100);
    for (const ref of new Set(refs)) {
      const target = ref
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], doc);
      expect(target, ref).toBeTruthy();
    }
  });
});

describe('each documented operation, called in the role it names', () => {
  let tokens: Record<'user' | 'seller' | 'admin', string>;
  beforeAll(async () => {
    const [user, seller, admin] = await Promise.all([
      t.tokenFor('user'),
      t.tokenFor('seller'),
      t.tokenFor('admin'),
    ]);
    tokens = { user, seller, admin };
  });

  /** Calls with the role the operation declares (a buyer for `user`). */
  function call(method: string, p: string, op: Operation, body?: string) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const access = op['x-access'];
    if (access !== 'public') headers.authorization = `Bearer ${tokens[access]}`;
    return fetch(t.url + p.replace(/\{(\w+)\}/g, '0123456789abcdef01234567'), {
      method,
      headers,
      body,
    });
  }

  it('refuses a body of the wrong shape, or not JSON, with 400 and field errors', async () => {
    const withBody = operations().filter((o) => o.op.requestBody);
    expect(withBody.length).toBeGreaterThan(40);
    for (const { method, path: p, op } of withBody) {
      for (const sent of ['[1]', '{"a":']) {
        const res = await call(method, p, op, sent);
        expect(res.status, `${method} ${p} ${sent}`).toBe(400);
        const body = (await res.json()) as { code: string; errors?: Record<string, string> };
        expect(body.code, `${method} ${p}`).toBe('VALIDATION_FAILED');
        if (sent === '[1]')
          expect(Object.keys(body.errors ?? {}), `${method} ${p}`).not.toEqual([]);
      }
    }
  });

  it('answers 404 to an id no record has, well-formed or not, where no body is needed', async () => {
    const byId = operations().filter((o) => o.path.includes('{') && !o.op.requestBody);
    expect(byId.length).toBeGreaterThan(25);
    for (const { method, path: p, op } of byId) {
      for (const id of ['0123456789abcdef01234567', 'not-an-id', '%24where', 'x'.repeat(300)]) {
        const res = await call(method, p.replace(/\{(\w+)\}/g, id), op);
        expect(res.status, `${method} ${p} with ${id}`).toBe(404);
      }
    }
  });

  it('refuses a malformed list range with 400 on every documented list', async () => {
    const lists = operations().filter((o) =>
      o.op.parameters?.some((x) => x.$ref === '#/components/parameters/ListRange'),
    );
    expect(lists.length).toBeGreaterThan(15);
    for (const { method, path: p, op } of lists) {
      const res = await call(method, `${p}?range=${encodeURIComponent('[5,1]')}`, op);
      expect(res.status, `${method} ${p}`).toBe(400);
      expect(((await res.json()) as { errors: object }).errors, p).toHaveProperty('range');
    }
  });

  it('refuses a query operator in place of an id in every list filter that takes ids', async () => {
    const idFilters = operations().filter((o) =>
      o.op.parameters?.some(
        (x) => x.name === 'filter' && x.content?.['application/json'].schema.properties?.id,
      ),
    );
    expect(idFilters.length).toBeGreaterThan(15);
    for (const { method, path: p, op } of idFilters) {
      const filter = encodeURIComponent(JSON.stringify({ id: { $ne: null } }));
      const res = await call(method, `${p}?filter=${filter}`, op);
      expect(res.status, `${method} ${p}`).toBe(400);
      expect(((await res.json()) as { errors: object }).errors, p).toHaveProperty(['filter.id']);
    }
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
