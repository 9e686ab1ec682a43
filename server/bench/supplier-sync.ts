/**
 * Supplier catalogues and offers at scale: `node server/bench/supplier-sync.ts` (after
 * `source scripts/bootstrap.sh`). Starts the four supplier sandboxes with `BENCH_PRODUCTS`
 * (default 10,000) products each and the app against them; per supplier, a seller's connection
 * imports the whole catalogue through the import runner, then `BENCH_OFFERS` (default 1,000)
 * on-demand offers are created through the seller offers service and synced in one
 * `syncConnection`. Prints wall time, items/s and memory per phase, and each phase's time as a
 * multiple of one `GET /api/health` measured in the same run (so machines compare).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SUPPLIER_IDS, SupplierConnectionCreateSchema, type SupplierId } from '@market/shared';
import {
  startSupplierSandboxes,
  SUPPLIER_SANDBOX_CREDENTIALS,
} from '../src/sandboxes/suppliers/index.ts';
import { newProduct } from '../test/fixtures.ts';
import { reportResult } from './bench-result.ts';
import { startBenchStack } from './bench-stack.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const OFFERS = Number(process.env.BENCH_OFFERS ?? 1_000);
const which = (process.env.BENCH_SUPPLIERS?.split(',') ?? SUPPLIER_IDS) as SupplierId[];

const MB = 1024 * 1024;

/** Runs `fn`, sampling memory every 10 ms: wall time, peak RSS and heap growth over the start. */
async function measured<T>(fn: () => Promise<T>) {
  global.gc?.();
  const start = process.memoryUsage();
  let peakRss = start.rss;
  let peakHeap = start.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 10);
  const t0 = performance.now();
  const value = await fn();
  const ms = performance.now() - t0;
  clearInterval(timer);
  const end = process.memoryUsage();
  return {
    value,
    ms,
    rssPeakMb: peakRss / MB,
    rssDeltaMb: (peakRss - start.rss) / MB,
    heapPeakDeltaMb: (peakHeap - start.heapUsed) / MB,
    heapEndDeltaMb: (end.heapUsed - start.heapUsed) / MB,
  };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-bench-suppliers-'));
const started = await measured(() =>
  startSupplierSandboxes({ port: 0, dir, productCount: PRODUCTS }),
);
const sandboxes = started.value;
console.log(`4 sandboxes of ${PRODUCTS} products seeded in ${(started.ms / 1000).toFixed(1)} s`);
const env = Object.fromEntries(
  SUPPLIER_IDS.map((id) => [`SUPPLIER_${id.toUpperCase()}_URL`, sandboxes.urls[id]]),
);
const stack = await startBenchStack(undefined, env);
const { container } = stack;

/** The baseline: the median of 200 sequential `GET /api/health`, warm. */
async function healthMs(): Promise<number> {
  for (let i = 0; i < 50; i++) await (await fetch(`${stack.url}/api/health`)).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    await (await fetch(`${stack.url}/api/health`)).arrayBuffer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[100]!;
}
const health = await healthMs();

// The products the offers are on: one set, each supplier's seller offering on all of them.
const productIds: string[] = [];
for (let i = 0; i < OFFERS; i++) {
  productIds.push(await newProduct(stack.db, { name: `Bench Supplied ${i}`, brand: 'Bench' }));
}

/** Waits for the connection's import to finish (the runner works in the background). */
async function imported(sellerId: string, importId: string) {
  for (;;) {
    const doc = await container.supplierImportService.get(sellerId, importId);
    if (doc.status === 'failed') throw new Error(`import failed: ${doc.error}`);
    if (doc.status !== 'running') return doc.done;
    await new Promise((r) => setTimeout(r, 20));
  }
}

type Row = { supplier: string; phase: string; items: number } & Awaited<
  ReturnType<typeof measured>
>;
const rows: Row[] = [];
for (const supplier of which) {
  const sellerId = `bench-${supplier}`;
  const connection = await container.supplierConnectionService.create(
    sellerId,
    SupplierConnectionCreateSchema.parse({
      supplier,
      label: 'bench',
      credentials: SUPPLIER_SANDBOX_CREDENTIALS[supplier],
    }),
  );
  const imports = await measured(async () => {
    const job = await container.supplierImportService.start(sellerId, connection.id);
    return imported(sellerId, job.id);
  });
  if (imports.value !== PRODUCTS) throw new Error(`${supplier}: imported ${imports.value}`);
  rows.push({ supplier, phase: 'import', items: imports.value, ...imports });

  const skus = sandboxes.stockrooms[supplier]
    .visibleProducts()
    .filter((p) => p.quantity > 0 && !p.preOrder)
    .slice(0, OFFERS);
  const creating = await measured(async () => {
    for (const [i, p] of skus.entries()) {
      await container.sellerOffers.create(sellerId, {
        productId: productIds[i]!,
        zeroVat: false,
        status: 'active',
        source: {
          kind: 'supplier',
          connectionId: connection.id,
          sku: p.sku,
          mode: 'onDemand',
          stockCap: 20,
          costCeiling: Math.ceil(p.priceCents * 1.1),
          pricing: { marginPercent: 15, marginFixedCents: 50, rounding: 'to99' },
        },
      });
    }
    return skus.length;
  });
  rows.push({ supplier, phase: 'offers created', items: creating.value, ...creating });

  const sync = await measured(() => container.supplierSync.syncConnection(connection.id));
  if (sync.value.error || sync.value.offers !== skus.length) {
    throw new Error(`${supplier}: sync ${JSON.stringify(sync.value)}`);
  }
  rows.push({ supplier, phase: 'sync', items: sync.value.offers, ...sync });
  console.log(`${supplier}: done`);
}

console.log(
  `\n${PRODUCTS} products per sandbox, ${OFFERS} on-demand offers per supplier; ` +
    `baseline GET /api/health ${health.toFixed(2)} ms (median of 200)`,
);
const head = [
  'supplier'.padEnd(15),
  'phase'.padEnd(15),
  'items'.padStart(6),
  'seconds'.padStart(8),
  'items/s'.padStart(8),
  '× health'.padStart(9),
  'RSS peak'.padStart(9),
  'RSS +'.padStart(7),
  'heap +peak'.padStart(11),
  'heap +end'.padStart(10),
].join(' ');
console.log(head);
for (const r of rows) {
  console.log(
    [
      r.supplier.padEnd(15),
      r.phase.padEnd(15),
      String(r.items).padStart(6),
      (r.ms / 1000).toFixed(2).padStart(8),
      Math.round((r.items * 1000) / r.ms)
        .toString()
        .padStart(8),
      Math.round(r.ms / health)
        .toString()
        .padStart(9),
      `${r.rssPeakMb.toFixed(0)} MB`.padStart(9),
      `${r.rssDeltaMb.toFixed(0)} MB`.padStart(7),
      `${r.heapPeakDeltaMb.toFixed(0)} MB`.padStart(11),
      `${r.heapEndDeltaMb.toFixed(0)} MB`.padStart(10),
    ].join(' '),
  );
}

for (const r of rows) {
  // Per item, as a time: the runner compares it with its own health baseline.
  reportResult({ name: `${r.supplier} ${r.phase}, per item`, figure: r.ms / r.items, unit: 'ms' });
}

await stack.close();
await sandboxes.close();
fs.rmSync(dir, { recursive: true, force: true });
