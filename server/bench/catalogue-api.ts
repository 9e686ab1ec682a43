/**
 * Public catalogue throughput against the app's own health check: `node server/bench/catalogue-api.ts`
 * (after `source scripts/bootstrap.sh`). Seeds 10,000 products and 30,000 offers, then loads the
 * health check, `info-multiple-sales` and `search` in turn (compareLoads: 50 connections,
 * `BENCH_ROUNDS` rounds, default 3, of `BENCH_SECONDS`, default 4 s, each), once with the public
 * catalogue calls read per request (`PAGE_CACHE=off`) and once kept in memory between writes
 * (`on`, the default; docs/page-cache.md). `BENCH_CACHE=on|off` runs one mode only.
 */
import { BENCH_OFFERS_PER_PRODUCT, seedBenchCatalogue } from './bench-catalogue.ts';
import { reportResult } from './bench-result.ts';
import { compareLoads, startBenchStack, type ComparedLoad } from './bench-stack.ts';

const PRODUCTS = 10_000;
const SELLERS = 20;
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const modes = { on: ['on'], off: ['off'] }[process.env.BENCH_CACHE ?? ''] ?? ['off', 'on'];

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

const rows: Array<ComparedLoad & { mode: string; alone: number }> = [];
for (const mode of modes) {
  const stack = await startBenchStack(undefined, { PAGE_CACHE: mode });
  const seedStart = performance.now();
  const products = await seedBenchCatalogue(stack.db, { products: PRODUCTS, sellers: SELLERS });
  console.log(
    `memo ${mode}: seeded ${PRODUCTS} products, ${PRODUCTS * BENCH_OFFERS_PER_PRODUCT} offers in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  // 20 ids spread over the catalogue, as a cart or a product carousel asks for them.
  const twentyIds = Array.from({ length: 20 }, (_, k) =>
    products[(k * 487) % PRODUCTS]!._id.toHexString(),
  );
  const targets = [
    { label: 'GET /api/health', url: `${stack.url}/api/health` },
    {
      label: 'info-multiple-sales (20 ids)',
      url: `${stack.url}/api/public/products/info-multiple-sales`,
      body: { productIdList: twentyIds, currency: 'eur' },
    },
    {
      label: 'search (games, price_asc)',
      url: `${stack.url}/api/public/products/search`,
      body: { categoryId: 'games', sort: 'price_asc' },
    },
  ];
  // The first request alone: the cold latency (a miss when kept in memory), and a 200 check.
  const alone = new Map<string, number>();
  for (const t of targets) {
    alone.set(t.label, await timedRequest(t.label, t.url, t.body));
    console.log(
      `memo ${mode}: ${t.label}: first request alone ${alone.get(t.label)!.toFixed(0)} ms`,
    );
  }
  const results = await compareLoads(
    targets.map((t) => ({ ...t, method: t.body ? 'POST' : 'GET', connections: 50 })),
    { rounds, seconds },
  );
  for (const r of results) rows.push({ ...r, mode, alone: alone.get(r.label)! });
  await stack.close();
}

console.log(
  `\n${'memo'.padEnd(5)} ${'endpoint'.padEnd(30)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(7)} ${'vs health'.padStart(10)} ${'errors'.padStart(7)} ${'first ms'.padStart(9)}`,
);
for (const r of rows) {
  console.log(
    `${r.mode.padEnd(5)} ${r.label.padEnd(30)} ${r.rps.toFixed(0).padStart(8)} ${String(r.p99).padStart(7)} ${`${(r.vsFirst * 100).toFixed(1)}%`.padStart(10)} ${String(r.errors).padStart(7)} ${r.alone.toFixed(0).padStart(9)}`,
  );
}

// The goals (issue 12): each call at a quarter of health's rate or better, p99 under 100 ms.
for (const r of rows.filter((row) => !row.label.startsWith('GET /api/health'))) {
  const name = `${r.label.replace(/ \(.*/, '')}, memo ${r.mode}`;
  const goals = r.mode === 'on';
  reportResult({
    name: `${name}, req/s`,
    figure: Math.round(r.rps),
    unit: 'req/s',
    ratio: { value: r.vsFirst, of: 'health req/s' },
    ...(goals && { goal: { minRatio: 0.25 } }),
  });
  reportResult({
    name: `${name}, p99`,
    figure: r.p99,
    unit: 'ms',
    ...(goals && { goal: { max: 100 } }),
  });
  reportResult({ name: `${name}, first request`, figure: r.alone, unit: 'ms' });
  reportResult({ name: `${name}, errors`, figure: r.errors, unit: 'count', goal: { max: 0 } });
}
