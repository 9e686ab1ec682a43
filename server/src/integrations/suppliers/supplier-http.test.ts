import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SupplierError } from './supplier.ts';
import { createSupplierHttp, type SupplierHttpOptions } from './supplier-http.ts';

/** A supplier that answers from a script: each request takes the next answer (the last repeats). */
type Scripted = { status: number; headers?: Record<string, string>; body?: unknown; hang?: true };
let script: Scripted[] = [];
let seen: Array<{ method: string; url: string; at: number; body: string; type?: string }> = [];
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({
        method: req.method!,
        url: req.url!,
        at: Date.now(),
        body,
        type: req.headers['content-type'],
      });
      const answer = script.length > 1 ? script.shift()! : script[0]!;
      if (answer.hang) return; // never answers: the client's timeout fires
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  script = [];
  seen = [];
});

const client = (options: Partial<SupplierHttpOptions> = {}) =>
  createSupplierHttp({
    supplier: 'wock',
    baseUrl,
    initialDelayMs: 10,
    timeoutMs: 300,
    ...options,
  });

const failure = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('expected a SupplierError'),
    (err: unknown) => {
      expect(err).toBeInstanceOf(SupplierError);
      return err as SupplierError;
    },
  );

describe('supplier HTTP', () => {
  it('sends JSON, form bodies and the query, and returns 2xx and 4xx answers as they are', async () => {
    script = [
      { status: 200, body: { ok: true } },
      { status: 409, body: { code: 'PRICE' } },
    ];
    const http = client();
    const ok = await http.call('POST', '/v1/orders', { body: { a: 1 }, query: { page: 2 } });
    expect(ok).toMatchObject({ status: 200, body: { ok: true } });
    const refused = await http.call('POST', '/oauth/token', { form: { grant_type: 'x' } });
    expect(refused).toMatchObject({ status: 409, body: { code: 'PRICE' } });
    expect(seen.map((r) => [r.url, r.type, r.body])).toEqual([
      ['/v1/orders?page=2', 'application/json', '{"a":1}'],
      ['/oauth/token', 'application/x-www-form-urlencoded', 'grant_type=x'],
    ]);
  });

  it('follows an absolute link from an answer and can hand back its bytes unparsed', async () => {
    script = [{ status: 200, body: { not: 'parsed' } }];
    const http = createSupplierHttp({ supplier: 'prepaidforge', baseUrl: `${baseUrl}/api/v1` });
    const answer = await http.call('GET', `${baseUrl}/files/scan.png`, { binary: true });
    expect(answer.body).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(answer.body as Uint8Array).toString()).toBe('{"not":"parsed"}');
    expect(seen.map((r) => r.url)).toEqual(['/files/scan.png']);
  });

  it('retries 5xx and 429 until the supplier answers', async () => {
    script = [{ status: 503 }, { status: 429 }, { status: 200, body: { items: [] } }];
    const answer = await client().call('GET', '/v2/products');
    expect(answer.status).toBe(200);
    expect(seen).toHaveLength(3);
  });

  it('waits as long as Retry-After says before trying again', async () => {
    script = [
      { status: 429, headers: { 'Retry-After': '1' } },
      { status: 200, body: {} },
    ];
    await client().call('GET', '/v2/products');
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('gives up at once on a Retry-After longer than it may wait', async () => {
    script = [{ status: 429, headers: { 'Retry-After': '120' } }, { status: 200 }];
    const err = await failure(client().call('GET', '/v2/products'));
    expect(err).toMatchObject({ code: 'UNAVAILABLE', supplierCode: '429' });
    expect(seen).toHaveLength(1);
  });

  it('answers UNAVAILABLE after its attempts fail, timeouts included', async () => {
    script = [{ status: 500 }];
    expect(await failure(client().call('GET', '/x'))).toMatchObject({ code: 'UNAVAILABLE' });
    expect(seen).toHaveLength(3);

    seen = [];
    script = [{ status: 200, hang: true }];
    const err = await failure(client({ maxAttempts: 2 }).call('GET', '/slow'));
    expect(err).toMatchObject({ code: 'UNAVAILABLE', message: 'wock timed out' });
    expect(seen).toHaveLength(2);
  });

  it('opens its breaker after repeated failures, refuses without calling, then closes again', async () => {
    const http = client({ maxAttempts: 1, breakerThreshold: 2, halfOpenAfterMs: 200 });
    script = [{ status: 502 }];
    await failure(http.call('GET', '/a'));
    await failure(http.call('GET', '/a'));
    expect(http.breakerState()).toBe('open');

    const calls = seen.length;
    const paused = await failure(http.call('GET', '/a'));
    expect(paused).toMatchObject({ code: 'UNAVAILABLE', supplierCode: 'circuit-open' });
    expect(seen).toHaveLength(calls);

    await new Promise((r) => setTimeout(r, 250));
    script = [{ status: 200, body: {} }];
    expect((await http.call('GET', '/a')).status).toBe(200);
    expect(http.breakerState()).toBe('closed');
  });

  it('keeps one breaker per connection', async () => {
    const broken = client({ maxAttempts: 1, breakerThreshold: 1 });
    const other = client({ maxAttempts: 1, breakerThreshold: 1 });
    script = [{ status: 503 }, { status: 200, body: {} }];
    await failure(broken.call('GET', '/a'));
    expect(broken.breakerState()).toBe('open');
    expect((await other.call('GET', '/a')).status).toBe(200);
  });
});
