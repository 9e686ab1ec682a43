/**
 * On-demand purchases through the four suppliers' adapters while their sandboxes misbehave:
 * `node server/bench/supplier-purchases.ts` (after `source scripts/bootstrap.sh`).
 * `BENCH_PURCHASES` (default 200) purchases of one unit per supplier, one after the other per
 * supplier and the four suppliers at once; before about one purchase in ten (`BENCH_FAULT_RATE`,
 * default 0.1) a fault is switched on at `/sandbox/faults` (a 503, 503s on every attempt, a 429,
 * a call that hangs, an answer lost after the purchase was made, the same with its retries
 * failing, stock gone, a price rise). Each purchase follows the
 * design's recovery rule: on `UNAVAILABLE`, ask `findPurchase(clientRef)` first and buy again
 * (same clientRef) only when the supplier has none. Then its codes are read.
 *
 * Adapters only: checkout's on-demand fulfilment is being built on another branch. It checks,
 * and exits 1 otherwise, that each sandbox's `/sandbox/purchases` holds at most one purchase
 * per clientRef, exactly one for every purchase that succeeded and none for a refused one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SUPPLIER_IDS, type SupplierId } from '@market/shared';
import { createSupplierDirectory } from '../src/integrations/suppliers/directory.ts';
import {
  SupplierError,
  type PurchaseInput,
  type Supplier,
} from '../src/integrations/suppliers/supplier.ts';
import {
  startSupplierSandboxes,
  SUPPLIER_SANDBOX_CREDENTIALS,
} from '../src/sandboxes/suppliers/index.ts';
import type { SandboxPurchase } from '../src/sandboxes/suppliers/stockroom.ts';
import { seededRandom } from '../src/seed/demo-catalogue.ts';
import { reportResult } from './bench-result.ts';

const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 200);
const FAULT_RATE = Number(process.env.BENCH_FAULT_RATE ?? 0.1);
/** Short, so a hung call or a lost answer costs half a second, not ten. */
const HTTP = {
  timeoutMs: 500,
  maxAttempts: 3,
  initialDelayMs: 20,
  maxDelayMs: 200,
  maxRetryAfterMs: 2_000,
  halfOpenAfterMs: 1_000,
};

/**
 * What is switched on before a purchase; `then` is switched on `afterMs` later, while the
 * purchase's first answer is being lost (its retries fail too: recovery must find it).
 */
type Fault = { name: string; body: object; then?: { afterMs: number; body: object } };
const FAULTS: Fault[] = [
  { name: '503', body: { failNext5xx: 1 } },
  // Every attempt fails before buying: the purchase is not there, so it is bought again.
  { name: '503 x3', body: { failNext5xx: HTTP.maxAttempts } },
  {
    name: 'lost + 503s',
    body: { loseNextPurchaseAnswer: true },
    then: { afterMs: HTTP.timeoutMs / 5, body: { failNext5xx: HTTP.maxAttempts - 1 } },
  },
  { name: '429', body: { failNext429: 1, retryAfterSeconds: 1 } },
  { name: 'hang', body: { hangNext: 1 } },
  { name: 'lost answer', body: { loseNextPurchaseAnswer: true } },
  { name: 'out of stock', body: { outOfStockAtPurchase: true } },
  { name: 'price rise', body: { priceRisePercentAtPurchase: 20 } },
];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-bench-purchases-'));
const sandboxes = await startSupplierSandboxes({ port: 0, dir });
const directory = createSupplierDirectory({ urls: sandboxes.urls, http: HTTP });

const post = async (url: string, body: unknown, method = 'POST') => {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status}`);
};

type Outcome = 'bought' | 'recovered' | 'rebought' | 'refused' | 'failed';
type Result = { outcome: Outcome; ms: number; fault: string | null; codes: number };

/** One unit bought as fulfilment will: the recovery rule on UNAVAILABLE, then the codes. */
async function buyOne(supplier: Supplier, input: PurchaseInput) {
  const { clientRef } = input;
  let outcome: Outcome = 'bought';
  let purchase;
  try {
    purchase = await supplier.purchase(input);
  } catch (err) {
    if (!(err instanceof SupplierError)) throw err;
    if (err.code !== 'UNAVAILABLE') return { outcome: 'refused' as const, codes: 0 };
    purchase = await supplier.findPurchase(clientRef);
    outcome = 'recovered';
    if (!purchase) {
      purchase = await supplier.purchase(input);
      outcome = 'rebought';
    }
  }
  const codes = await supplier.codes(purchase);
  return { outcome, codes: codes.length };
}

async function run(id: SupplierId): Promise<{ id: SupplierId; results: Result[]; dupes: number }> {
  const root = new URL(sandboxes.urls[id]).origin;
  const room = sandboxes.stockrooms[id];
  const product = room.visibleProducts().find((p) => p.quantity > 0 && !p.preOrder)!;
  const reset = { quantity: 1_000_000, priceCents: product.priceCents, preOrder: false };
  await post(`${root}/sandbox/products/${product.sku}`, reset);
  const supplier = directory.connect(id, SUPPLIER_SANDBOX_CREDENTIALS[id]);
  const rand = seededRandom(SUPPLIER_IDS.indexOf(id) + 1);
  const results: Result[] = [];
  for (let i = 0; i < PURCHASES; i++) {
    const fault = rand() < FAULT_RATE ? FAULTS[Math.floor(rand() * FAULTS.length)]! : null;
    if (fault) await post(`${root}/sandbox/faults`, fault.body);
    const then = fault?.then;
    const later =
      then &&
      new Promise((r) => setTimeout(r, then.afterMs)).then(() =>
        post(`${root}/sandbox/faults`, then.body),
      );
    const t0 = performance.now();
    let result: Omit<Result, 'ms' | 'fault'>;
    try {
      result = await buyOne(supplier, {
        sku: product.sku,
        quantity: 1,
        maxUnitPrice: { cents: Math.ceil(reset.priceCents * 1.1), currency: product.currency },
        clientRef: `bench:${id}:${i}`,
      });
    } catch {
      result = { outcome: 'failed', codes: 0 };
    }
    results.push({ ...result, ms: performance.now() - t0, fault: fault?.name ?? null });
    await later;
    if (fault) {
      // A fault a retry did not use up would hit the next purchase; a refusal changed the product.
      await fetch(`${root}/sandbox/faults`, { method: 'DELETE' });
      await post(`${root}/sandbox/products/${product.sku}`, reset);
    }
  }
  const held = (await (await fetch(`${root}/sandbox/purchases`)).json()) as SandboxPurchase[];
  const perRef = new Map<string, number>();
  for (const p of held) perRef.set(p.clientRef, (perRef.get(p.clientRef) ?? 0) + 1);
  let dupes = [...perRef.values()].filter((n) => n > 1).length;
  for (const [i, r] of results.entries()) {
    const n = perRef.get(`bench:${id}:${i}`) ?? 0;
    const expected = r.outcome === 'refused' ? 0 : r.outcome === 'failed' ? n : 1;
    if (n !== expected) dupes++;
  }
  return { id, results, dupes };
}

const t0 = performance.now();
const runs = await Promise.all(SUPPLIER_IDS.map(run));
const wall = (performance.now() - t0) / 1000;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
console.log(
  `\n${PURCHASES} one-unit purchases per supplier (purchase + codes), faults before ~${FAULT_RATE * 100} %; ` +
    `four suppliers at once, ${wall.toFixed(1)} s in all`,
);
console.log(
  [
    'supplier'.padEnd(15),
    'faults'.padStart(6),
    'bought'.padStart(7),
    'recov.'.padStart(7),
    'rebuy'.padStart(6),
    'refused'.padStart(8),
    'failed'.padStart(7),
    'dupes'.padStart(6),
    'p50 ms'.padStart(7),
    'p95 ms'.padStart(7),
    'p95 clean'.padStart(10),
    'max ms'.padStart(7),
  ].join(' '),
);
let bad = 0;
for (const { id, results, dupes } of runs) {
  const count = (o: Outcome) => results.filter((r) => r.outcome === o).length;
  const all = results.map((r) => r.ms).sort((a, b) => a - b);
  const clean = results
    .filter((r) => !r.fault)
    .map((r) => r.ms)
    .sort((a, b) => a - b);
  bad += dupes + count('failed');
  reportResult({ name: `${id} purchase p95`, figure: pct(all, 95), unit: 'ms' });
  reportResult({
    name: `${id} duplicate or failed purchases`,
    figure: dupes + count('failed'),
    unit: 'count',
    goal: { max: 0 },
  });
  console.log(
    [
      id.padEnd(15),
      String(results.filter((r) => r.fault).length).padStart(6),
      String(count('bought')).padStart(7),
      String(count('recovered')).padStart(7),
      String(count('rebought')).padStart(6),
      String(count('refused')).padStart(8),
      String(count('failed')).padStart(7),
      String(dupes).padStart(6),
      pct(all, 50).toFixed(1).padStart(7),
      pct(all, 95).toFixed(1).padStart(7),
      pct(clean, 95).toFixed(1).padStart(10),
      all.at(-1)!.toFixed(0).padStart(7),
    ].join(' '),
  );
}
for (const { id, results } of runs) {
  const byFault = new Map<string, Outcome[]>();
  for (const r of results) {
    if (r.fault) byFault.set(r.fault, [...(byFault.get(r.fault) ?? []), r.outcome]);
  }
  const line = [...byFault].map(([f, o]) => `${f}: ${o.join('/')}`).join('; ');
  console.log(`${id}: ${line}`);
}

await sandboxes.close();
fs.rmSync(dir, { recursive: true, force: true });
if (bad) {
  console.error(`\n${bad} duplicate or failed purchases`);
  process.exit(1);
}
