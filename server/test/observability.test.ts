import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminInstance, AdminJob } from '@market/shared';
import { createSupplierHttp } from '../src/integrations/suppliers/supplier-http.ts';
import { startJob } from '../src/jobs/job-runner.ts';
import { createLogger } from '../src/logger.ts';
import { instanceId } from '../src/observability/instance.ts';
import { startInstanceHeartbeat } from '../src/observability/instances.ts';
import {
  metricsAllowed,
  parseAddressRanges,
  type MetricsAccess,
} from '../src/observability/metrics-access.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { parsePrometheusText, type Family } from './prometheus-text.ts';
import { raClient } from './ra-client.ts';
import { buyerWith, checkout, paidWithPaypal } from './checkout-fixtures.ts';
import { freshCodes, newProduct, requestAs, sell, uploadKeys } from './fixtures.ts';

const TOKEN = 'scrape-token-0123456789';
const log = createLogger('silent');

let t: TestServer;
/** Behind a proxy (TRUST_PROXY), with a scrapers' range and a token configured. */
let proxied: TestServer;

beforeAll(async () => {
  [t, proxied] = await Promise.all([
    startTestServer(),
    startTestServer({
      env: { TRUST_PROXY: 'true', METRICS_ALLOW: '198.51.100.0/24', METRICS_TOKEN: TOKEN },
    }),
  ]);
});
afterAll(() => Promise.all([t.close(), proxied.close()]));

async function scrape(server: TestServer, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/metrics`, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await res.text());
}

const samples = (families: Map<string, Family>, family: string, name = family) =>
  (families.get(family)?.samples ?? []).filter((s) => s.name === name);

describe('GET /metrics', () => {
  it('is a Prometheus scrape with request latencies by route pattern, never by path', async () => {
    const secretId = new ObjectId().toHexString();
    expect((await t.call('GET', '/api/health')).status).toBe(200);
    // A parameterised route (refused: no credentials), and a path no route answers.
    expect((await t.call('GET', `/api/admin/outbox/${secretId}`)).status).toBe(401);
    expect((await t.call('GET', `/api/no-such-thing/${secretId}`)).status).toBe(404);

    const res = await fetch(`${t.url}/metrics`);
    const text = await res.text();
    const families = parsePrometheusText(text);
    expect(families.get('http_request_duration_seconds')?.type).toBe('histogram');
    const buckets = samples(
      families,
      'http_request_duration_seconds',
      'http_request_duration_seconds_bucket',
    );
    const routes = new Set(buckets.map((b) => b.labels.route));
    expect(routes).toContain('/api/health');
    expect(routes).toContain('/api/admin/outbox/:id');
    expect(routes).toContain('(unmatched)');
    const health = buckets.find(
      (b) =>
        b.labels.route === '/api/health' &&
        b.labels.method === 'GET' &&
        b.labels.status === '2xx' &&
        b.labels.le === '+Inf',
    );
    expect(health?.value).toBeGreaterThanOrEqual(1);
    expect(
      buckets.some((b) => b.labels.route === '/api/admin/outbox/:id' && b.labels.status === '4xx'),
    ).toBe(true);
    // The id in the path is nowhere: labels are patterns, so the series stay few.
    expect(text).not.toContain(secretId);
    // The process's own figures come with it.
    expect(families.get('process_cpu_user_seconds_total')?.type).toBe('counter');
  });

  it('is refused to a caller behind an untrusted local proxy, and to a proxied outsider', async () => {
    // Loopback, but forwarding someone else's request (an nginx on this machine, TRUST_PROXY off).
    const local = await fetch(`${t.url}/metrics`, {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(local.status).toBe(403);
    expect(await local.json()).toMatchObject({ code: 'FORBIDDEN' });

    // Behind a trusted proxy the client is the forwarded address: an outsider is refused…
    const outsider = await fetch(`${proxied.url}/metrics`, {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(outsider.status).toBe(403);
    const wrongToken = await fetch(`${proxied.url}/metrics`, {
      headers: { 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrongToken.status).toBe(403);
    // …a scraper in METRICS_ALLOW's range is answered, and so is the bearer of METRICS_TOKEN.
    await scrape(proxied, { 'x-forwarded-for': '198.51.100.7' });
    await scrape(proxied, { 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}` });
    // This machine without a proxy in between needs nothing.
    await scrape(t);
  });

  it('reports open supplier breakers and the queues waiting, counted at the scrape', async () => {
    // A supplier nobody answers for: one failure opens this connection's breaker.
    const down = createSupplierHttp({
      supplier: 'wock',
      baseUrl: 'http://127.0.0.1:9',
      maxAttempts: 1,
      breakerThreshold: 1,
      timeoutMs: 2_000,
    });
    await expect(down.call('GET', '/products')).rejects.toThrow();
    expect(down.breakerState()).toBe('open');
    await t.db.collection('webhookDeliveries').insertOne({
      endpointId: new ObjectId(),
      sellerId: 'shop-metrics',
      eventId: 'evt-metrics-1',
      type: 'order.paid',
      payload: {},
      status: 'pending',
      attempts: 0,
      // Not due for an hour: it waits in the queue.
      nextAttemptAt: new Date(Date.now() + 3_600_000),
      leaseUntil: null,
      lastStatusCode: null,
      lastError: null,
      deliveredAt: null,
      log: [],
      createdAt: new Date(),
    });
    const families = await scrape(t);
    const open = samples(families, 'supplier_breaker_open').find(
      (s) => s.labels.supplier === 'wock',
    );
    expect(open?.value).toBeGreaterThanOrEqual(1);
    const webhooks = samples(families, 'work_backlog').find((s) => s.labels.queue === 'webhooks');
    expect(webhooks?.value).toBe(1);
  });
});

/** A counter's value in a scrape (0 when the series is not there yet). */
const valueOf = (families: Map<string, Family>, name: string, labels: Record<string, string>) =>
  [...families.values()]
    .flatMap((f) => f.samples)
    .find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    ?.value ?? 0;

describe('what the shop did, counted', () => {
  it('counts checkouts and payments by outcome, and the session cache answering', async () => {
    const seller = await t.account('seller');
    const productId = await newProduct(t.db);
    const offer = await sell(t, seller, productId);
    await uploadKeys(t, seller, offer.id, freshCodes(1));
    const before = await scrape(t);

    const buyer = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
    await paidWithPaypal(t, buyer);
    // A buyer with an empty cart is told no: refused, not failed.
    const empty = await t.account('user');
    expect((await checkout(t, empty, 'paypal')).status).toBe(400);

    const after = await scrape(t);
    const delta = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('checkout_outcomes_total', { outcome: 'placed' })).toBe(1);
    expect(delta('checkout_outcomes_total', { outcome: 'refused' })).toBe(1);
    expect(delta('checkout_outcomes_total', { outcome: 'failed' })).toBe(0);
    // Settled by the buyer's return or the provider's webhook, whichever decides first: once.
    const captured = async () =>
      valueOf(await scrape(t), 'payment_outcomes_total', {
        provider: 'paypal',
        outcome: 'captured',
      }) - valueOf(before, 'payment_outcomes_total', { provider: 'paypal', outcome: 'captured' });
    await expect.poll(captured, { timeout: 10_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await captured()).toBe(1);
    // Each signed-in request reads the caller's session state through its cache.
    const lookups =
      delta('cache_lookups_total', { cache: 'user', result: 'hit' }) +
      delta('cache_lookups_total', { cache: 'user', result: 'miss' });
    expect(lookups).toBeGreaterThanOrEqual(3);
  });
});

describe('storefront pages', () => {
  it('are timed under one label, and the page cache counts its hits', async () => {
    const shop = await startTestServer({ storefront: true });
    try {
      const before = await scrape(shop);
      // Under the public host, as a browser asks (another host is redirected to it).
      const host = new URL(process.env.PUBLIC_ORIGIN!).host;
      for (let i = 0; i < 3; i++)
        expect((await requestAs(shop.url, 'GET', '/', host)).status).toBe(200);
      const after = await scrape(shop);
      const delta = (name: string, labels: Record<string, string>) =>
        valueOf(after, name, labels) - valueOf(before, name, labels);
      expect(
        delta('http_request_duration_seconds_count', {
          route: '(page)',
          method: 'GET',
          status: '2xx',
        }),
      ).toBe(3);
      // The first asks Astro; the others are answered from the cache.
      expect(delta('cache_lookups_total', { cache: 'pages', result: 'miss' })).toBe(1);
      expect(delta('cache_lookups_total', { cache: 'pages', result: 'hit' })).toBe(2);
    } finally {
      await shop.close();
    }
  });
});

describe('metrics access', () => {
  const access: MetricsAccess = {
    allow: parseAddressRanges('10.0.0.0/8, 2001:db8::/32'),
    token: TOKEN,
  };
  const ask = (
    address: string | undefined,
    extra: { forwarded?: boolean; authorization?: string } = {},
  ) => metricsAllowed({ address, forwarded: false, authorization: undefined, ...extra }, access);

  it('answers loopback, the listed ranges (IPv4-mapped too) and the token; nobody else', () => {
    expect(ask('127.0.0.1')).toBe(true);
    expect(ask('::1')).toBe(true);
    expect(ask('::ffff:127.0.0.1')).toBe(true);
    expect(ask('10.1.2.3')).toBe(true);
    expect(ask('::ffff:10.1.2.3')).toBe(true);
    expect(ask('2001:db8::5')).toBe(true);
    expect(ask('203.0.113.9')).toBe(false);
    expect(ask('192.168.1.2')).toBe(false);
    expect(ask(undefined)).toBe(false);
    expect(ask('127.0.0.1', { forwarded: true })).toBe(false);
    expect(ask('203.0.113.9', { authorization: `Bearer ${TOKEN}` })).toBe(true);
    expect(ask('203.0.113.9', { authorization: `Bearer ${TOKEN}x` })).toBe(false);
    expect(
      metricsAllowed(
        { address: '203.0.113.9', forwarded: false, authorization: 'Bearer x' },
        { allow: [], token: undefined },
      ),
    ).toBe(false);
  });

  it('refuses a range it cannot read', () => {
    expect(() => parseAddressRanges('10.0.0.0/33')).toThrow();
    expect(() => parseAddressRanges('example.com')).toThrow();
  });
});

describe('the System page API', () => {
  it('lists the live instances, not the dead ones', async () => {
    const admin = await t.account('admin');
    const web = await startInstanceHeartbeat({ db: t.db, role: 'web', log, id: 'web-1:test' });
    const worker = await startInstanceHeartbeat({
      db: t.db,
      role: 'worker',
      log,
      id: 'worker-1:test',
    });
    // An instance that stopped a minute ago without saying so (SIGKILL).
    await t.db.collection('instances').insertOne({
      _id: 'dead-1:test' as never,
      role: 'web',
      pid: 1,
      version: '0.0.1',
      startedAt: new Date(Date.now() - 3_600_000),
      lastSeenAt: new Date(Date.now() - 60_000),
    });
    const ra = raClient(t.url, 'admin', admin.token);
    const { data, total } = await ra.getList<AdminInstance & { id: string }>('instances', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(total).toBe(2);
    expect(data.map((i) => [i.id, i.role])).toEqual([
      ['web-1:test', 'web'],
      ['worker-1:test', 'worker'],
    ]);
    expect(data[0]).toMatchObject({
      pid: process.pid,
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
    expect(Date.parse(data[0]!.lastSeenAt)).toBeGreaterThan(Date.now() - 15_000);
    expect(Date.parse(data[0]!.startedAt)).toBeLessThanOrEqual(Date.parse(data[0]!.lastSeenAt));

    // A clean stop takes the row away at once.
    await worker.stop();
    const after = await ra.getList('instances', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(after.data.map((i) => i.id)).toEqual(['web-1:test']);
    await web.stop();

    const guest = await fetch(`${t.url}/api/admin/instances`);
    expect(guest.status).toBe(401);
  });

  it("lists each job's last run, who ran it, and its backlog", async () => {
    const admin = await t.account('admin');
    const job = startJob({
      name: 'webhook-delivery',
      everyMs: 50,
      run: () => t.container.sellerApi.delivery.deliverDue(),
      log,
      db: t.db,
    });
    try {
      await expect
        .poll(
          async () =>
            (await t.db.collection('jobs').findOne({ _id: 'webhook-delivery' as never }))
              ?.lastOutcome,
          {
            timeout: 10_000,
          },
        )
        .toBe('ok');
    } finally {
      await job.stop();
    }
    const { data } = await raClient(t.url, 'admin', admin.token).getList<AdminJob & { id: string }>(
      'jobs',
      { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: {} },
    );
    const row = data.find((j) => j.id === 'webhook-delivery');
    expect(row).toMatchObject({
      everyMs: 50,
      lastOutcome: 'ok',
      lastOwner: instanceId,
      lastError: null,
      // What waits in its queue now (a delivery not due for an hour, inserted above).
      backlog: await t.db.collection('webhookDeliveries').countDocuments({ status: 'pending' }),
    });
    expect(row?.backlog).toBeGreaterThanOrEqual(1);
    expect(row?.lastFinishedAt).not.toBeNull();
  });
});
