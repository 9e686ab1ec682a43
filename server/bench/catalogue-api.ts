/**
 * Public catalogue throughput against a hello-world baseline: `node server/bench/catalogue-api.ts`
 * (after `source scripts/bootstrap.sh`). Seeds 10,000 products and 30,000 offers, then loads
 * each endpoint with autocannon (50 connections, 10 s; `BENCH_SECONDS` changes the duration).
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { BENCH_OFFERS_PER_PRODUCT, seedBenchCatalogue } from './bench-catalogue.ts';
import { reportResult } from './bench-result.ts';
import { load, startBenchStack, type LoadResult } from './bench-stack.ts';

const PRODUCTS = 10_000;
const SELLERS = 20;
const duration = Number(process.env.BENCH_SECONDS ?? 10);

const stack = await startBenchStack();
const { db } = stack;

const seedStart = performance.now();
const products = await seedBenchCatalogue(db, { products: PRODUCTS, sellers: SELLERS });
const productIds = products.map((p) => p._id);
console.log(
  `seeded ${PRODUCTS} products, ${PRODUCTS * BENCH_OFFERS_PER_PRODUCT} offers in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
);

/** The milliseconds one request takes; throws unless it answers 200. */
async function timedRequest(label: string, url: string, body?: unknown): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${label}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  return performance.now() - t0;
}

/**
 * Waits until the app has worked off the requests autocannon left queued when it stopped
 * (their sockets are reset meanwhile), so one endpoint's backlog does not slow the next.
 */
async function drained(url: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await timedRequest('health', `${url}/api/health`)) < 50) return;
    } catch {
      // reset while the backlog drains
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

// The baseline: what Hono on @hono/node-server answers when the handler does nothing.
const hello = serve({
  fetch: new Hono().get('/', (c) => c.text('Hello World!')).fetch,
  port: 0,
  hostname: '127.0.0.1',
});
await new Promise((resolve) => hello.once('listening', resolve));
const helloUrl = `http://127.0.0.1:${(hello.address() as AddressInfo).port}/`;

// 20 ids spread over the catalogue, as a cart or a product carousel asks for them.
const twentyIds = Array.from({ length: 20 }, (_, k) =>
  productIds[(k * 487) % PRODUCTS]!.toHexString(),
);
const results: Array<LoadResult & { alone: number }> = [];
for (const [label, url, body] of [
  ['hello world (Hono, @hono/node-server)', helloUrl, undefined],
  ['GET /api/health (the app, no database)', `${stack.url}/api/health`, undefined],
  [
    'POST /api/public/products/info-multiple-sales (20 ids)',
    `${stack.url}/api/public/products/info-multiple-sales`,
    { productIdList: twentyIds, currency: 'eur' },
  ],
  [
    'POST /api/public/products/search (games, price_asc)',
    `${stack.url}/api/public/products/search`,
    { categoryId: 'games', sort: 'price_asc' },
  ],
] as const) {
  // A few requests alone first: the warm latency, and a check that the endpoint answers 200.
  let alone = 0;
  for (let i = 0; i < 3; i++) alone = await timedRequest(label, url, body);
  console.log(`${label}: one request alone ${alone.toFixed(0)} ms`);
  process.stdout.write(`loading ${label} for ${duration} s…\n`);
  const loaded = await load(label, url, {
    method: body ? 'POST' : 'GET',
    body,
    connections: 50,
    duration,
  });
  results.push({ ...loaded, alone });
  await drained(stack.url);
}

const base = results[0]!.rps;
const health = results[1]!.rps;
const share = (rps: number, of: number) => `${((rps / of) * 100).toFixed(1)}%`;
console.log(
  `\n${'endpoint'.padEnd(56)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(7)} ${'vs hello'.padStart(9)} ${'vs health'.padStart(10)} ${'errors'.padStart(7)} ${'alone ms'.padStart(9)}`,
);
for (const r of results) {
  console.log(
    `${r.label.padEnd(56)} ${r.rps.toFixed(0).padStart(8)} ${String(r.p99).padStart(7)} ${share(r.rps, base).padStart(9)} ${share(r.rps, health).padStart(10)} ${String(r.errors).padStart(7)} ${r.alone.toFixed(0).padStart(9)}`,
  );
}

for (const r of results.slice(1)) {
  const name = r.label.replace(/^POST \/api\/public\/products\//, '').replace(/ \(.*/, '');
  reportResult({
    name: `${name} throughput`,
    figure: r.rps,
    unit: 'req/s',
    ratio: { value: r.rps / base, of: 'hello world' },
  });
  reportResult({ name: `${name} p99 under load`, figure: r.p99, unit: 'ms' });
  reportResult({ name: `${name} alone`, figure: r.alone, unit: 'ms' });
  reportResult({ name: `${name} errors`, figure: r.errors, unit: 'count', goal: { max: 0 } });
}

hello.close();
await stack.close();
