/**
 * Public pages under load against `GET /api/health`: `node server/bench/pages.ts` (after
 * `source scripts/bootstrap.sh`, with a built storefront). Seeds 10,000 products with 3 offers
 * each, then serves the app and the storefront twice on the same database — the page cache off
 * (every page rendered per request, as before the cache) and on — and loads the home, a category
 * page and a product page on each with autocannon (50 connections, `BENCH_SECONDS` each, default
 * 10; `Accept-Encoding: br, gzip` as browsers send), each right after a health run it is
 * compared with. Also times cold renders: 100 product pages never seen before, one after the
 * other, through the cache. `BENCH_CACHE=on` (or `off`) runs that mode alone. */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongoThread } from '@market/embedded-mongo';
import { buildAppDeps } from '../src/app-deps.ts';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createContainer } from '../src/container.ts';
import { ensureIndexes } from '../src/db/indexes.ts';
import { createHttpServer } from '../src/http-server.ts';
import { createIdentity } from '../src/identity/firebase.ts';
import { securityHeaders } from '../src/lib/security-headers.ts';
import { createLogger } from '../src/logger.ts';
import { ensureReferenceData } from '../src/seed/seed.ts';
import { BENCH_OFFERS_PER_PRODUCT, seedBenchCatalogue } from './bench-catalogue.ts';
import { reportResult } from './bench-result.ts';
import { percentile } from './bench-util.ts';
import { load, type LoadResult } from './bench-stack.ts';

const PRODUCTS = 10_000;
const SELLERS = 10;
const COLD_RENDERS = 100;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const ACCEPT = { 'accept-encoding': 'br, gzip' };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-bench-pages-'));
// The engine on its own thread, as `npm start` runs it.
const engine = await startEmbeddedMongoThread({ port: 0, dataDir: path.join(dataDir, 'mongo') });
const client = await new MongoClient(engine.uri).connect();
const rawDb = client.db('bench');
const identity = createIdentity(loadConfig({ NODE_ENV: 'test' }), '127.0.0.1:9');
const log = createLogger('silent');

/** The app with its caches on or off (PAGE_CACHE: pages and public catalogue calls alike). */
function appWith(cached: boolean) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PAGE_CACHE: cached ? 'on' : 'off',
  });
  const deps = buildAppDeps({ config, db: rawDb, identity, log, databaseMode: 'embedded' });
  const container = createContainer(deps);
  return { deps, container, app: createApp(container) };
}

const setup = appWith(false);
await ensureIndexes(rawDb, setup.container.indexes);
await setup.container.categories.ensureDefaults();
await ensureReferenceData(rawDb);

// The catalogue, straight into the database (as catalogue-api.ts seeds it).
const products = await seedBenchCatalogue(rawDb, { products: PRODUCTS, sellers: SELLERS });
console.log(`seeded ${PRODUCTS} products, ${PRODUCTS * BENCH_OFFERS_PER_PRODUCT} offers`);

const headers = securityHeaders({ production: false, clientConfig: setup.deps.clientConfig });
const host = new URL(setup.deps.publicOrigin).host;

/** main.ts's HTTP server (API, storefront, and the caches when `cached`), on a free port. */
async function serve(cached: boolean): Promise<{ url: string; server: http.Server }> {
  const { deps, app } = appWith(cached);
  const server = await createHttpServer(app.fetch, log, {
    ...deps,
    identity: identity.mode,
    headers,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** One page, as a browser asks for it (fetch cannot set Host); its time and X-Cache. */
function timed(url: string): Promise<{ ms: number; cache: string | null; bytes: number }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { host, ...ACCEPT } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
        const cache = res.headers['x-cache'];
        resolve({
          ms: performance.now() - t0,
          cache: typeof cache === 'string' ? cache : null,
          bytes,
        });
      });
    });
    req.on('error', reject);
  });
}

/** Waits until autocannon's leftover requests are worked off (see catalogue-api.ts). */
async function drained(url: string) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await timed(`${url}/api/health`)).ms < 50) return;
    } catch {
      // reset while the backlog drains
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const product = products[7]!;
const HEALTH = ['GET /api/health', '/api/health'] as const;
const pages = [
  ['home /', '/'],
  ['category /category/games', '/category/games'],
  ['product /product/:id/:slug', `/product/${product._id.toHexString()}/${product.slug}`],
] as const;

/** Each measurement; `ratio`: requests/s against the health run just before it. */
const rows: Array<LoadResult & { mode: string; ratio: number; bytes: number }> = [];
let coldP99 = 0;
let coldP50 = 0;
// BENCH_CACHE=on or off runs one mode only.
const modes = { on: [true], off: [false] }[process.env.BENCH_CACHE ?? ''] ?? [false, true];
for (const cached of modes) {
  const mode = cached ? 'cache on' : 'cache off';
  const { url, server } = await serve(cached);
  // The storefront renders from the API of the server it is served by, as main.ts has it.
  process.env.API_ORIGIN = url;
  if (cached) {
    // Cold renders: product pages never asked for, one at a time, each a miss.
    const times: number[] = [];
    for (let i = 0; i < COLD_RENDERS; i++) {
      const p = products[100 + i]!;
      const { ms, cache } = await timed(`${url}/product/${p._id.toHexString()}/${p.slug}`);
      if (cache !== 'miss') throw new Error(`cold render was a ${cache}`);
      times.push(ms);
    }
    times.sort((a, b) => a - b);
    coldP50 = percentile(times, 50);
    coldP99 = percentile(times, 99);
    reportResult({ name: 'product page cold render (miss), p99', figure: coldP99, unit: 'ms' });
  }
  /** One endpoint under load, warmed first (the cache holds the page, the engine its data). */
  const measure = async (label: string, target: string) => {
    let bytes = 0;
    // Warm-up. Renders left over from the previous load may still hold the API (uncached, the
    // home at 10,000 products does not keep up with 50 connections): a few tries, a second apart.
    for (let ok = 0, tries = 0; ok < 3; tries++) {
      try {
        bytes = (await timed(`${url}${target}`)).bytes;
        ok++;
      } catch (err) {
        if (tries >= 20) throw err;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
    process.stdout.write(`${mode}: loading ${label} for ${duration} s…\n`);
    const result = await load(label, `${url}${target}`, {
      connections: 50,
      duration,
      headers: { host, ...ACCEPT },
    });
    await drained(url);
    return { ...result, bytes };
  };
  // Each page against a health run just before it: the machine's load drifts over a run, and a
  // ratio of two measurements taken minutes apart would mostly measure that drift.
  for (const [label, target] of pages) {
    const health = await measure(...HEALTH);
    const page = await measure(label, target);
    rows.push({ ...health, mode, ratio: 1 });
    rows.push({ ...page, mode, ratio: page.rps / health.rps });
    // The goals (issue 12): a cached page at half health's rate or better, p99 under 50 ms.
    const name = `${label.split(' ')[0]} page, ${mode}`;
    reportResult({
      name: `${name}, req/s`,
      figure: Math.round(page.rps),
      unit: 'req/s',
      ratio: { value: page.rps / health.rps, of: `health ${Math.round(health.rps)} req/s` },
      ...(cached && { goal: { minRatio: 0.5 } }),
    });
    reportResult({
      name: `${name}, p99`,
      figure: page.p99,
      unit: 'ms',
      ...(cached && { goal: { max: 50 } }),
    });
  }
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

console.log(
  `\n${'mode'.padEnd(10)} ${'endpoint'.padEnd(30)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(7)} ${'vs health'.padStart(10)} ${'errors'.padStart(7)} ${'bytes'.padStart(7)}`,
);
for (const r of rows) {
  console.log(
    `${r.mode.padEnd(10)} ${r.label.padEnd(30)} ${r.rps.toFixed(0).padStart(8)} ${String(r.p99).padStart(7)} ${`${(r.ratio * 100).toFixed(1)}%`.padStart(10)} ${String(r.errors).padStart(7)} ${String(r.bytes).padStart(7)}`,
  );
}
console.log(
  `\ncold render (product page, cache miss, one at a time, ${COLD_RENDERS} pages): p50 ${coldP50.toFixed(0)} ms, p99 ${coldP99.toFixed(0)} ms`,
);

await client.close();
await engine.close();
await identity.close();
fs.rmSync(dataDir, { recursive: true, force: true });
