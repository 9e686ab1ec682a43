/**
 * On-demand purchases through the whole checkout while the supplier sandboxes misbehave:
 * `node server/bench/supplier-orders.ts` (after `source scripts/bootstrap.sh`). On demand only,
 * not in CI.
 *
 * The four supplier sandboxes and the PayPal sandbox run in this process with the app (embedded
 * engine, `SUPPLIER_<ID>_URL`s pointing at the sandboxes). One seller connects to each supplier
 * and sells `BENCH_SKUS` (default 3) of its products on demand. `BENCH_ORDERS` (default 1,000)
 * fresh buyers, `BENCH_CONCURRENCY` (default 12) at a time, each put one unit of an offer (round
 * robin over the suppliers) in their cart, check out with PayPal, approve on the sandbox's page
 * and come back (the capture, then the purchase at the supplier). Before about one order in ten
 * (`BENCH_FAULT_RATE`, default 0.1, seeded) a fault is switched on at that supplier's sandbox
 * (a 503, a 429, a hung call, a lost answer, stock gone, a 50 % price rise over the offer's cost
 * ceiling). Faults are per sandbox, so with concurrent orders the one that meets it may be another
 * order of that supplier: the bench counts what happened, not which order met which fault.
 * Then the supplier-fulfilment job's run (`resumeSupplierFulfilment`, as main.ts ticks it) runs
 * until every paid order is delivered or refunded, or `BENCH_RECOVERY_SECONDS` (default 120).
 *
 * It checks, and exits 1 otherwise: no paid order stuck (neither delivered nor refunded), no
 * clientRef bought twice at a sandbox (`/sandbox/purchases`) or written twice in the purchases
 * book (`supplierPurchases`), each delivered order bought exactly once, and the delivery p95
 * (approval to `deliveredAt`, delivered orders only; no pre-orders) under 5 s.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import {
  CheckoutStartedSchema,
  SellerOfferSchema,
  SellerSupplierConnectionSchema,
  SUPPLIER_IDS,
  transactionId,
  type SupplierId,
} from '@market/shared';
import { startEmbeddedMongo } from '@market/embedded-mongo';
import { buildAppDeps } from '../src/app-deps.ts';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createContainer } from '../src/container.ts';
import { ensureIndexes } from '../src/db/indexes.ts';
import { createApiServer } from '../src/http-server.ts';
import { createIdentity } from '../src/identity/firebase.ts';
import { resumeSupplierFulfilment } from '../src/jobs/resume-supplier-fulfilment.ts';
import { createLogger } from '../src/logger.ts';
import type { OrderDoc } from '../src/modules/orders/order-doc.ts';
import { CODESWHOLESALE_POSTBACK_PATH } from '../src/modules/supplier-fulfilment/postbacks.routes.ts';
import type { SupplierPurchaseDoc } from '../src/modules/supplier-purchases/supplier-purchases.repository.ts';
import { startPaymentSandboxes } from '../src/sandboxes/payments.ts';
import {
  startSupplierSandboxes,
  SUPPLIER_SANDBOX_CREDENTIALS,
} from '../src/sandboxes/suppliers/index.ts';
import type { SandboxPurchase } from '../src/sandboxes/suppliers/stockroom.ts';
import { seededRandom } from '../src/seed/demo-catalogue.ts';
import { ensureReferenceData } from '../src/seed/seed.ts';
import { newProduct } from '../test/fixtures.ts';
import { createAccount, type TestAccount } from '../test/harness.ts';
import { clickButton } from '../test/payments-helpers.ts';
import { reportResult } from './bench-result.ts';
import { startBenchEmulator } from './bench-stack.ts';
import { percentile, pool } from './bench-util.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 12);
const FAULT_RATE = Number(process.env.BENCH_FAULT_RATE ?? 0.1);
const SKUS = Number(process.env.BENCH_SKUS ?? 3);
const RECOVERY_SECONDS = Number(process.env.BENCH_RECOVERY_SECONDS ?? 120);
const PRICE_CENTS = 1000;
/** Under the price after a 50 % rise: that purchase is refused and the line refunded. */
const COST_CEILING = 1400;

const FAULTS: Array<{ name: string; body: object }> = [
  { name: '503', body: { failNext5xx: 1 } },
  { name: '429', body: { failNext429: 1, retryAfterSeconds: 1 } },
  { name: 'hang', body: { hangNext: 1 } },
  { name: 'lost answer', body: { loseNextPurchaseAnswer: true } },
  { name: 'out of stock', body: { outOfStockAtPurchase: true } },
  { name: 'price rise', body: { priceRisePercentAtPurchase: 50 } },
];

const problems: string[] = [];
const check = (ok: boolean, problem: string) => {
  if (!ok) problems.push(problem);
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const post = async (url: string, body: unknown) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<unknown>;
};

// The stack: sandboxes, engine, the app in this process (as bench-stack.ts, plus payments).
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-bench-orders-'));
const emulator = await startBenchEmulator();
const sandboxes = await startSupplierSandboxes({ port: 0, dir: path.join(dir, 'suppliers') });
const engine = await startEmbeddedMongo({ port: 0, dataDir: path.join(dir, 'mongo') });
const client = await new MongoClient(engine.uri).connect();
const db = client.db('bench');
const env: Record<string, string> = { NODE_ENV: 'test', DATA_DIR: dir, TRUST_PROXY: 'true' };
// The breaker's pause (default 30 s) decides how long a connection's offers stay paused.
const breakerReset = process.env.SUPPLIER_BREAKER_RESET_SECONDS;
if (breakerReset) env.SUPPLIER_BREAKER_RESET_SECONDS = breakerReset;
for (const id of SUPPLIER_IDS) env[`SUPPLIER_${id.toUpperCase()}_URL`] = sandboxes.urls[id];
const config = loadConfig(env);
const identity = createIdentity(config, emulator.host);
const paymentSandboxes = await startPaymentSandboxes({
  which: { paypal: true, checkout: true },
  port: 0,
  dir: path.join(dir, 'payments'),
});
const container = createContainer(
  buildAppDeps({
    config,
    db,
    identity,
    log: createLogger('silent'),
    databaseMode: 'embedded',
    paymentSandboxUrls: paymentSandboxes.urls,
  }),
);
await ensureIndexes(db, container.indexes);
await container.categories.ensureDefaults();
await ensureReferenceData(db);
const server = createApiServer(createApp(container).fetch).listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
paymentSandboxes.setWebhookOrigin(url);
sandboxes.setPostbackUrl(`${url}${CODESWHOLESALE_POSTBACK_PATH}`);
const stack = { db, identity, emulatorHost: emulator.host };
const root = (id: SupplierId) => new URL(sandboxes.urls[id]).origin;

let address = 0;
const call = async (account: TestAccount | null, method: string, p: string, body?: unknown) => {
  const res = await fetch(url + p, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(account ? { authorization: `Bearer ${account.token}` } : {}),
      'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<unknown>;
};

try {
  // The baseline: one warm GET /api/health, median of 200.
  for (let i = 0; i < 20; i++) await fetch(`${url}/api/health`).then((r) => r.arrayBuffer());
  const healthMs: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    await fetch(`${url}/api/health`).then((r) => r.arrayBuffer());
    healthMs.push(performance.now() - t0);
  }
  const health = percentile(
    healthMs.sort((a, b) => a - b),
    50,
  );

  // The seller: a connection to each supplier, SKUS on-demand offers on each.
  const seller = await createAccount(stack, 'seller', `bench-seller-${Date.now()}`);
  type Offer = { supplier: SupplierId; sku: string; productId: string };
  const offers: Offer[] = [];
  const connections = {} as Record<SupplierId, string>;
  for (const supplier of SUPPLIER_IDS) {
    const connection = SellerSupplierConnectionSchema.parse(
      await call(seller, 'POST', '/api/seller/supplier-connections', {
        supplier,
        label: supplier,
        credentials: SUPPLIER_SANDBOX_CREDENTIALS[supplier],
      }),
    );
    connections[supplier] = connection.id;
    const products = sandboxes.stockrooms[supplier]
      .visibleProducts()
      .filter((p) => !p.preOrder)
      .slice(0, SKUS);
    for (const { sku } of products) {
      await post(`${root(supplier)}/sandbox/products/${sku}`, {
        quantity: 1_000_000,
        priceCents: PRICE_CENTS,
        preOrder: false,
        hidden: false,
      });
      const productId = await newProduct(db, { name: `Bench On Demand ${supplier} ${sku}` });
      SellerOfferSchema.parse(
        await call(seller, 'POST', '/api/seller/offers', {
          productId,
          source: {
            kind: 'supplier',
            connectionId: connection.id,
            sku,
            mode: 'onDemand',
            stockCap: 10_000,
            costCeiling: COST_CEILING,
            pricing: { marginPercent: 40, marginFixedCents: 50, rounding: 'none' },
          },
        }),
      );
      offers.push({ supplier, sku, productId });
    }
  }

  // The orders.
  const rand = seededRandom(11);
  const plan = Array.from({ length: ORDERS }, (_, i) => ({
    offer: offers[(i % SUPPLIER_IDS.length) * SKUS + (Math.floor(i / SUPPLIER_IDS.length) % SKUS)]!,
    fault: rand() < FAULT_RATE ? FAULTS[Math.floor(rand() * FAULTS.length)]! : null,
  }));
  type Placed = { orderId: string; supplier: SupplierId; fault: string | null; paidAt: number };
  const orders = db.collection<OrderDoc>('orders');
  const settled = { $or: [{ deliveredAt: { $ne: null } }, { refundedCents: { $gt: 0 } }] };
  /**
   * When each order was seen settled: `deliveredAt` holds the time its delivery started and is
   * written once it is done, so the delivery is timed by watching for it (every 50 ms).
   */
  const seenSettled = new Map<string, number>();
  const settledWithin = async (orderId: string, ms: number) => {
    const deadline = Date.now() + ms;
    while (!seenSettled.has(orderId) && Date.now() < deadline) {
      if (await orders.countDocuments({ _id: new ObjectId(orderId), ...settled })) {
        seenSettled.set(orderId, Date.now());
      } else await sleep(50);
    }
  };
  const placed: Placed[] = [];
  const failedCheckouts: string[] = [];
  const refusedAtCheckout: SupplierId[] = [];
  const t0 = performance.now();
  // Watches every paid order the buyer stopped waiting for, until it is settled.
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      const open = placed.filter((p) => !seenSettled.has(p.orderId));
      if (open.length) {
        const done = await orders
          .find(
            { _id: { $in: open.map((p) => new ObjectId(p.orderId)) }, ...settled },
            { projection: { _id: 1 } },
          )
          .toArray();
        for (const { _id } of done) {
          if (!seenSettled.has(_id.toHexString())) seenSettled.set(_id.toHexString(), Date.now());
        }
      }
      await sleep(100);
    }
  })();
  // A refused unit pauses its offer until a sync finds it sellable (and an open breaker pauses
  // the connection's): main.ts's sync job, ticked every 2 s here instead of every
  // SUPPLIER_SYNC_MINUTES, so paused offers sell again. Checkouts refused while an offer is
  // paused (409, out of stock) are counted apart.
  const syncer = (async () => {
    while (watching) {
      // Stock gone and a price rise stay at the sandbox (and may hit any later order of that
      // supplier, faults being global): every product back to its stock and price first.
      for (const { supplier, sku } of offers) {
        await post(`${root(supplier)}/sandbox/products/${sku}`, {
          quantity: 1_000_000,
          priceCents: PRICE_CENTS,
        });
      }
      for (const id of SUPPLIER_IDS) {
        await container.supplierSync.syncConnection(connections[id]).catch(() => undefined);
      }
      await sleep(2_000);
    }
  })();
  await pool(plan, CONCURRENCY, async ({ offer, fault }, i) => {
    try {
      const buyer = await createAccount(stack, 'user', `bench-buyer-${Date.now()}-${i}`);
      await call(buyer, 'POST', '/api/cart/addToCart', {
        transactionId: transactionId(),
        products: [{ productId: offer.productId, sellerId: seller.sellerId, quantity: 1 }],
      });
      const started = CheckoutStartedSchema.parse(
        await call(buyer, 'POST', '/api/user/checkout', {
          provider: 'paypal',
          currency: 'eur',
          locale: 'en',
        }),
      );
      if (fault) await post(`${root(offer.supplier)}/sandbox/faults`, fault.body);
      // The capture happens from here on (the approval's webhook or the buyer's return).
      const paidAt = Date.now();
      const { status } = await clickButton(started.approvalUrl, 'Pay now');
      if (status !== 303) throw new Error(`approval: ${status}`);
      await call(buyer, 'POST', `/api/user/checkout/${started.orderId}/complete`, {
        cancelled: false,
      });
      placed.push({
        orderId: started.orderId,
        supplier: offer.supplier,
        fault: fault?.name ?? null,
        paidAt,
      });
      // The buyer waits for the keys (up to 12 s; past it the recovery settles the order).
      await settledWithin(started.orderId, 12_000);
    } catch (err) {
      const message = (err as Error).message;
      if (message.includes('/api/user/checkout: 409')) {
        refusedAtCheckout.push(offer.supplier);
        return;
      }
      failedCheckouts.push(`order ${i} (${offer.supplier}): ${(err as Error).message}`);
    }
  });
  const placeSecs = (performance.now() - t0) / 1000;
  watching = false;
  await watcher;
  await syncer;
  // No fault left switched on for the recovery.
  for (const id of SUPPLIER_IDS) await fetch(`${root(id)}/sandbox/faults`, { method: 'DELETE' });

  // The recovery: the job's run until every paid order is settled.
  const ids = placed.map((p) => new ObjectId(p.orderId));
  const t1 = performance.now();
  const recoveryStart = new Date();
  const unsettledAtStart = (
    await orders.find({ _id: { $in: ids }, $nor: [settled] }, { projection: { _id: 1 } }).toArray()
  ).map((o) => o._id.toHexString());
  let recoveryRuns = 0;
  for (;;) {
    const done = await orders
      .find({ _id: { $in: ids }, ...settled }, { projection: { _id: 1 } })
      .toArray();
    for (const { _id } of done) {
      if (!seenSettled.has(_id.toHexString())) seenSettled.set(_id.toHexString(), Date.now());
    }
    if (done.length === ids.length || performance.now() - t1 > RECOVERY_SECONDS * 1000) break;
    await sleep(500);
    await resumeSupplierFulfilment({ container, afterSeconds: 0 });
    recoveryRuns++;
  }
  const recoverySecs = (performance.now() - t1) / 1000;

  // What happened.
  const docs = await orders.find({ _id: { $in: ids } }).toArray();
  const byId = new Map(docs.map((o) => [o._id.toHexString(), o]));
  const paid = docs.filter((o) => o.payment?.captureId);
  const isDelivered = (o: OrderDoc) =>
    o.deliveredAt !== null && o.items.every((it) => it.keyIds.length === it.quantity);
  const delivered = paid.filter((o) => isDelivered(o) && o.refundedCents === 0);
  const refunded = paid.filter((o) => o.refundedCents > 0);
  const stuck = paid.filter((o) => !isDelivered(o) && o.refundedCents === 0);
  const paidAt = new Map(placed.map((p) => [p.orderId, p.paidAt]));
  const latencies = delivered
    .map((o) => seenSettled.get(o._id.toHexString())! - paidAt.get(o._id.toHexString())!)
    .sort((a, b) => a - b);
  const late = (o: OrderDoc) => seenSettled.get(o._id.toHexString())! >= recoveryStart.getTime();
  const recovered = delivered.filter(late).length;
  const refundedLate = refunded.filter(late).length;

  const dupes: Record<string, number> = {};
  const bought = new Map<string, number>();
  for (const id of SUPPLIER_IDS) {
    const held = (await (await fetch(`${root(id)}/sandbox/purchases`)).json()) as SandboxPurchase[];
    const perRef = new Map<string, number>();
    for (const p of held) perRef.set(p.clientRef, (perRef.get(p.clientRef) ?? 0) + 1);
    dupes[id] = [...perRef.values()].filter((n) => n > 1).length;
    for (const [ref, n] of perRef) bought.set(ref, n);
  }
  const bookDupes = await db
    .collection<SupplierPurchaseDoc>('supplierPurchases')
    .aggregate([{ $group: { _id: '$clientRef', n: { $sum: 1 } } }, { $match: { n: { $gt: 1 } } }])
    .toArray();
  const orderRefs = (o: OrderDoc) =>
    [...bought.keys()].filter((ref) => ref.startsWith(`${o._id.toHexString()}:`));
  const deliveredNotOnce = delivered.filter((o) => orderRefs(o).length !== 1).length;
  const refundedButBought = refunded.filter((o) => orderRefs(o).length > 0).length;

  check(stuck.length === 0, `${stuck.length} paid orders neither delivered nor refunded`);
  check(
    Object.values(dupes).every((n) => n === 0),
    `duplicate purchases at the sandboxes`,
  );
  check(bookDupes.length === 0, `${bookDupes.length} clientRefs twice in the purchases book`);
  check(deliveredNotOnce === 0, `${deliveredNotOnce} delivered orders not bought exactly once`);
  const p95 = percentile(latencies, 95);
  check(p95 < 5_000, `delivery p95 ${Math.round(p95)} ms, not under 5 s`);
  for (const id of ids) check(byId.has(id.toHexString()), `order ${id.toHexString()} missing`);

  const faultsBy = placed.reduce<Record<string, number>>(
    (acc, p) => (p.fault ? { ...acc, [p.fault]: (acc[p.fault] ?? 0) + 1 } : acc),
    {},
  );
  const perSupplier = SUPPLIER_IDS.map((id) => {
    const mine = new Set(placed.filter((p) => p.supplier === id).map((p) => p.orderId));
    const n = (list: OrderDoc[]) => list.filter((o) => mine.has(o._id.toHexString())).length;
    return `${id}: ${mine.size} paid, ${n(delivered)} delivered, ${n(refunded)} refunded, ${n(stuck)} stuck, ${dupes[id]} dupes`;
  });
  const ms = (n: number) => `${Math.round(n)} ms`;
  const x = (n: number) => `${Math.round(n / health).toLocaleString('en')} × health`;
  console.log(`
${ORDERS} on-demand orders through checkout (PayPal sandbox), ${CONCURRENCY} at a time, ${SUPPLIER_IDS.length} suppliers × ${SKUS} offers
  health            GET /api/health ${health.toFixed(2)} ms (median of 200)
  placing           ${placeSecs.toFixed(1)} s (${(placed.length / placeSecs).toFixed(1)} orders/s); ${refusedAtCheckout.length} refused at checkout (offer out of stock or paused: ${SUPPLIER_IDS.map((id) => `${id} ${refusedAtCheckout.filter((r) => r === id).length}`).join(', ')}), ${failedCheckouts.length} failed otherwise
  faults            ${Object.entries(faultsBy)
    .map(([f, n]) => `${n} ${f}`)
    .join(', ')} (${Object.values(faultsBy).reduce((a, b) => a + b, 0)} in all)
  recovery          ${recoveryRuns} job runs, ${recoverySecs.toFixed(1)} s; ${recovered} orders delivered and ${refundedLate} refunded during it
  orders            ${paid.length} paid: ${delivered.length} delivered, ${refunded.length} refunded (${refundedButBought} of them bought at the supplier), ${stuck.length} stuck
  duplicates        sandboxes ${Object.values(dupes).reduce((a, b) => a + b, 0)}, purchases book ${bookDupes.length}; delivered not bought once ${deliveredNotOnce}
  delivery          approval → delivered (seen), ${latencies.length} orders: p50 ${ms(percentile(latencies, 50))} (${x(percentile(latencies, 50))}), p95 ${ms(p95)} (${x(p95)}), max ${ms(latencies.at(-1) ?? 0)} (${x(latencies.at(-1) ?? 0)})
  ${perSupplier.join('\n  ')}
`);
  reportResult({ name: 'delivery p50', figure: percentile(latencies, 50), unit: 'ms' });
  reportResult({ name: 'delivery p95', figure: p95, unit: 'ms', goal: { max: 5_000 } });
  reportResult({
    name: 'paid orders stuck',
    figure: stuck.length,
    unit: 'orders',
    goal: { max: 0 },
  });
  reportResult({
    name: 'duplicate purchases',
    figure: Object.values(dupes).reduce((a, b) => a + b, 0) + bookDupes.length,
    unit: 'count',
    goal: { max: 0 },
  });
  reportResult({ name: 'invariants', figure: problems.length, unit: 'problems', goal: { max: 0 } });
  for (const f of failedCheckouts.slice(0, 10)) console.log(`CHECKOUT FAILED ${f}`);
  for (const o of stuck.slice(0, 10)) {
    const book = await db
      .collection<SupplierPurchaseDoc>('supplierPurchases')
      .find({ orderId: o._id })
      .toArray();
    console.log(
      `STUCK ${o._id.toHexString()} ${o.status}: ${book.map((b) => `${b.status} ${b.error?.code ?? ''}`).join(', ')}`,
    );
  }
  for (const id of unsettledAtStart.slice(0, 10)) {
    const o = byId.get(id)!;
    const book = await db
      .collection<SupplierPurchaseDoc>('supplierPurchases')
      .find({ orderId: o._id })
      .toArray();
    console.log(
      `UNSETTLED WHEN RECOVERY STARTED ${id} (${placed.find((p) => p.orderId === id)?.fault ?? 'no fault'}): now ${o.status}, delivered ${o.deliveredAt?.toISOString() ?? '-'}, refunded ${o.refundedCents}; book ${book.map((b) => `${b.status} ${b.error?.code ?? ''} ${b.updatedAt.toISOString()}`).join(', ')}`,
    );
  }
  for (const p of problems.slice(0, 20)) console.log(`PROBLEM ${p}`);
  console.log(problems.length ? `${problems.length} problem(s)` : 'all invariants held');
} finally {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await paymentSandboxes.close();
  await sandboxes.close();
  await client.close(true);
  await engine.close();
  await identity.close();
  await emulator.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(problems.length ? 1 : 0);
