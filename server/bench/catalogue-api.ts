/**
 * Public catalogue throughput against a hello-world baseline: `node server/bench/catalogue-api.ts`
 * (after `source scripts/bootstrap.sh`). Seeds 10,000 products and 30,000 offers, then loads
 * each endpoint with autocannon (50 connections, 10 s; `BENCH_SECONDS` changes the duration).
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { ObjectId } from 'mongodb';
import { CATEGORY_IDS, PLATFORMS, pricesFromEur, type Currency } from '@market/shared';
import type { OfferDoc } from '../src/modules/offers/offers.repository.ts';
import type { ProductDoc } from '../src/modules/products/products.repository.ts';
import type { SellerDoc } from '../src/modules/sellers/sellers.repository.ts';
import { reportResult } from './bench-result.ts';
import { load, startBenchStack, type LoadResult } from './bench-stack.ts';

const PRODUCTS = 10_000;
const OFFERS_PER_PRODUCT = 3;
const SELLERS = 20;
const BATCH = 1_000;
const RATES: Record<Currency, number> = { eur: 1, usd: 1.08, gbp: 0.85 };
const duration = Number(process.env.BENCH_SECONDS ?? 10);

const stack = await startBenchStack();
const { db } = stack;

const seedStart = performance.now();
const now = Date.now();
await db.collection<SellerDoc>('sellers').insertMany(
  Array.from({ length: SELLERS }, (_, i) => ({
    _id: `bench-shop-${i}`,
    uid: `bench-uid-${i}`,
    email: `shop${i}@bench.example`,
    name: `Bench Shop ${i}`,
    registrationName: `Bench Shop ${i} Ltd`,
    vatNumber: 'IT01234567890',
    image: null,
    status: 'approved' as const,
    statusReason: null,
    createdAt: new Date(now),
    decidedAt: new Date(now),
  })),
);
const productIds: ObjectId[] = [];
for (let start = 0; start < PRODUCTS; start += BATCH) {
  const products: ProductDoc[] = [];
  const offers: OfferDoc[] = [];
  for (let i = start; i < start + BATCH; i++) {
    const _id = new ObjectId();
    productIds.push(_id);
    const createdAt = new Date(now - i * 60_000);
    const prices = Array.from({ length: OFFERS_PER_PRODUCT }, (_, k) =>
      pricesFromEur(499 + ((i * 7919 + k * 104_729) % 9_000), RATES),
    );
    prices.forEach((p, k) =>
      offers.push({
        _id: new ObjectId(),
        productId: _id,
        sellerId: `bench-shop-${(i + k) % SELLERS}`,
        prices: p,
        stock: 1 + ((i + k) % 40),
        zeroVat: false,
        status: 'active',
        createdAt,
        updatedAt: createdAt,
      }),
    );
    const range = (c: Currency) => prices.map((p) => p[c]);
    products.push({
      _id,
      slug: `bench-product-${i}`,
      categoryId: CATEGORY_IDS[i % CATEGORY_IDS.length]!,
      brand: `Brand ${i % 50}`,
      platform: PLATFORMS[i % PLATFORMS.length]!.slug,
      region: i % 3 ? 'Global' : 'ROW',
      type: 'key',
      name: { en: `Bench Product ${i}`, it: `Prodotto di prova ${i}` },
      description: { en: 'A product to measure with.', it: 'Un prodotto per misurare.' },
      images: [],
      tags: [`tag-${i % 30}`],
      eurMin: Math.min(...range('eur')),
      eurMax: Math.max(...range('eur')),
      usdMin: Math.min(...range('usd')),
      usdMax: Math.max(...range('usd')),
      gbpMin: Math.min(...range('gbp')),
      gbpMax: Math.max(...range('gbp')),
      createdAt,
      updatedAt: createdAt,
    });
  }
  await db.collection<ProductDoc>('products').insertMany(products);
  await db.collection<OfferDoc>('offers').insertMany(offers);
}
console.log(
  `seeded ${PRODUCTS} products, ${PRODUCTS * OFFERS_PER_PRODUCT} offers in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
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
