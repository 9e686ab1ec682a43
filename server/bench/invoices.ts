/**
 * Invoice numbering under load: `node server/bench/invoices.ts` (after `source
 * scripts/bootstrap.sh`). Two marketplace processes (main.ts, every job) on one database;
 * `BENCH_ORDERS` (default 200) buyers each check out one key through one instance or the other
 * and pay on PayPal's page, all at once. Every paid order is delivered with its invoice: the
 * series of the year must then hold exactly 1..N, one invoice per order, whichever instance
 * issued it. Then the PDF: each invoice rendered from its stored document (p50/p99, goal under
 * 200 ms) and downloaded by its buyer (`GET /api/user/orders/:id/invoice`).
 * Exits 1 when the numbering broke.
 */
import { ObjectId } from 'mongodb';
import { CheckoutStartedSchema, SellerOfferSchema, transactionId } from '@market/shared';
import { loadConfig } from '../src/config.ts';
import { createIdentity } from '../src/identity/firebase.ts';
import type { InvoiceDoc } from '../src/modules/invoices/invoice-doc.ts';
import { seriesOf } from '../src/modules/invoices/invoice-doc.ts';
import { renderInvoicePdf } from '../src/modules/invoices/invoice-pdf.ts';
import type { OrderDoc } from '../src/modules/orders/order-doc.ts';
import { newProduct } from '../test/fixtures.ts';
import { createAccount, type TestAccount } from '../test/harness.ts';
import { clickButton } from '../test/payments-helpers.ts';
import { reportResult } from './bench-result.ts';
import { percentile, pool } from './bench-util.ts';
import { onInterrupt, sleep, startBenchCluster } from './multi-instance.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 2);
/** Parallel calls while preparing buyers (the checkouts themselves are all at once). */
const PREPARE_CONCURRENCY = 20;

const cluster = await startBenchCluster({
  ROLE: 'all',
  // Each buyer from an address of its own, as fraud screening counts orders per address.
  TRUST_PROXY: 'true',
  ORDER_HOLD_MAX_ORDERS: '1000',
  ORDER_EXPIRY_INTERVAL_SECONDS: '2',
});
const { db, emulator, instances } = cluster;
const identity = createIdentity(loadConfig({ NODE_ENV: 'test' }), emulator.host);
onInterrupt(() => identity.close());
const stack = { db, identity, emulatorHost: emulator.host };
const problems: string[] = [];
const check = (ok: boolean, problem: string) => {
  if (!ok) problems.push(problem);
};

/** A JSON call to instance `n % INSTANCES` as `account`, from an address of buyer `n`'s own. */
async function call(account: TestAccount, n: number, method: string, p: string, body?: unknown) {
  const res = await fetch(instances[n % INSTANCES]!.url + p, {
    method,
    headers: {
      authorization: `Bearer ${account.token}`,
      'content-type': 'application/json',
      'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return res;
}

try {
  for (let i = 0; i < INSTANCES; i++) await cluster.start();
  const run = Date.now().toString(36);
  const seller = await createAccount(stack, 'seller', `inv-seller-${run}`);
  const productId = await newProduct(db, { name: `Bench Invoice ${run}`, brand: 'Bench' });
  const offer = SellerOfferSchema.parse(
    await (
      await call(seller, 0, 'POST', '/api/seller/offers', { productId, prices: { eur: 1220 } })
    ).json(),
  );
  await call(seller, 0, 'POST', `/api/seller/offers/${offer.id}/keys`, {
    codes: Array.from({ length: ORDERS }, (_, i) => `INV-${run}-${i}`.toUpperCase()),
  });
  const buyers = await pool(Array.from({ length: ORDERS }), PREPARE_CONCURRENCY, async (_, n) => {
    const buyer = await createAccount(stack, 'user', `inv-buyer-${run}-${n}`);
    await call(buyer, n, 'POST', '/api/cart/addToCart', {
      transactionId: transactionId(),
      products: [{ productId, sellerId: seller.sellerId, quantity: 1 }],
    });
    return buyer;
  });
  console.log(`${ORDERS} buyers with one key in their cart, ${INSTANCES} instances`);

  // The burst: every buyer checks out and pays at once, each through their instance.
  let start = performance.now();
  const orderIds = await Promise.all(
    buyers.map(async (buyer, n) => {
      const started = CheckoutStartedSchema.parse(
        await (
          await call(buyer, n, 'POST', '/api/user/checkout', {
            provider: 'paypal',
            currency: 'eur',
            locale: n % 2 ? 'it' : 'en',
          })
        ).json(),
      );
      const { status } = await clickButton(started.approvalUrl, 'Pay now');
      check(status === 303, `approval of ${started.orderId}: ${status}`);
      await call(buyer, n, 'POST', `/api/user/checkout/${started.orderId}/complete`, {
        cancelled: false,
      });
      return started.orderId;
    }),
  );
  const ids = orderIds.map((id) => new ObjectId(id));
  const orders = db.collection<OrderDoc>('orders');
  const deadline = Date.now() + 120_000;
  while (
    (await orders.countDocuments({ _id: { $in: ids }, deliveredAt: { $ne: null } })) < ORDERS &&
    Date.now() < deadline
  ) {
    await sleep(250);
  }
  const burstSecs = (performance.now() - start) / 1000;

  // The numbering: 1..N in the year's series, one invoice per order, no other number.
  const series = seriesOf('invoice', new Date());
  const invoices = await db
    .collection<InvoiceDoc>('invoices')
    .find({ kind: 'invoice' })
    .sort({ seq: 1 })
    .toArray();
  const seqs = invoices.filter((d) => d.series === series).map((d) => d.seq);
  const gaps = seqs.filter((s, i) => s !== i + 1).length;
  const duplicates = seqs.length - new Set(seqs).size;
  const invoicedOrders = new Set(invoices.map((d) => d.orderId.toHexString()));
  const missing = orderIds.filter((id) => !invoicedOrders.has(id)).length;
  const delivered = await orders.countDocuments({ _id: { $in: ids }, deliveredAt: { $ne: null } });
  check(delivered === ORDERS, `${delivered} of ${ORDERS} orders delivered`);
  check(seqs.length === ORDERS, `${seqs.length} invoices in ${series}, expected ${ORDERS}`);
  check(gaps === 0, `${gaps} numbers out of place (a gap) in ${series}`);
  check(duplicates === 0, `${duplicates} duplicate numbers`);
  check(missing === 0, `${missing} paid orders without an invoice`);
  const byInstance = new Map<string, number>();
  for (const [n, id] of orderIds.entries()) {
    const k = `instance ${n % INSTANCES}`;
    if (invoicedOrders.has(id)) byInstance.set(k, (byInstance.get(k) ?? 0) + 1);
  }

  // The PDF, rendered from each stored document (what a download and a mail do).
  const first = performance.now();
  await renderInvoicePdf(invoices[0]!);
  const firstMs = performance.now() - first;
  const renders: number[] = [];
  for (const doc of invoices) {
    const t0 = performance.now();
    await renderInvoicePdf(doc);
    renders.push(performance.now() - t0);
  }
  renders.sort((a, b) => a - b);
  // And downloaded by its buyer, through the API (one at a time: the time of one download).
  start = performance.now();
  const downloads: number[] = [];
  for (const [n, id] of orderIds.slice(0, 50).entries()) {
    const t0 = performance.now();
    const res = await call(buyers[n]!, n, 'GET', `/api/user/orders/${id}/invoice`);
    const body = new Uint8Array(await res.arrayBuffer());
    check(res.headers.get('content-type') === 'application/pdf', `invoice of ${id} not a PDF`);
    check(body.length > 1000, `invoice of ${id}: ${body.length} bytes`);
    downloads.push(performance.now() - t0);
  }
  downloads.sort((a, b) => a - b);
  const sizes = await Promise.all(invoices.slice(0, 20).map(renderInvoicePdf));

  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log(`
${ORDERS} paid checkouts at once over ${INSTANCES} instances, ${burstSecs.toFixed(1)} s to all delivered
  invoices          ${seqs.length} in series ${series}: ${seqs[0] ?? '-'}..${seqs.at(-1) ?? '-'}, ${gaps} gaps, ${duplicates} duplicates, ${missing} orders without one
  orders taken by   ${[...byInstance].map(([k, v]) => `${k}: ${v}`).join(', ')}
  PDF render        first ${ms(firstMs)}; then p50 ${ms(percentile(renders, 50))}, p99 ${ms(percentile(renders, 99))}, max ${ms(renders.at(-1) ?? 0)} (${renders.length} renders)
  PDF size          ${Math.round(sizes.reduce((a, b) => a + b.length, 0) / sizes.length)} bytes on average
  download (API)    p50 ${ms(percentile(downloads, 50))}, p99 ${ms(percentile(downloads, 99))} (${downloads.length}, one at a time)
`);
  reportResult({
    name: `invoice numbers over ${ORDERS} concurrent paid checkouts: gaps + duplicates + missing`,
    figure: gaps + duplicates + missing + Math.abs(seqs.length - ORDERS),
    unit: 'count',
    goal: { max: 0 },
  });
  reportResult({ name: 'invoice PDF render p50', figure: percentile(renders, 50), unit: 'ms' });
  reportResult({
    name: 'invoice PDF render p99',
    figure: percentile(renders, 99),
    unit: 'ms',
    goal: { max: 200 },
  });
  reportResult({
    name: 'invoice download (GET …/invoice) p99',
    figure: percentile(downloads, 99),
    unit: 'ms',
  });
  for (const p of problems.slice(0, 20)) console.log(`PROBLEM ${p}`);
  console.log(problems.length ? `${problems.length} problem(s)` : 'all invariants held');
} finally {
  await identity.close();
  await cluster.close();
}
process.exit(problems.length ? 1 : 0);
