/**
 * Exactly once with three schedulers: `node server/bench/exactly-once.ts` (after
 * `source scripts/bootstrap.sh`). Three marketplace processes (ROLE=all: each runs every job,
 * with short periods) on one database; `BENCH_ORDERS` (default 1,000) on-demand orders of one
 * unit, paid with PayPal through the three in turn, `BENCH_CONCURRENCY` (default 12) buyers at
 * once. Before about one order in ten a supplier fault is switched on at the (non-deduplicating)
 * Wock sandbox: half are three 503s (the purchase fails; the unit waits and the three instances'
 * recovery jobs race to buy it), half a call that hangs until the client's timeout (its retry
 * goes through). Not a lost purchase answer: the HTTP client retries a purchase relying on the
 * supplier's deduplication (Wock's Idempotency-Key), which this sandbox is told not to do so
 * that any race between instances shows; nor refusals (stock gone, a price rise), which pause
 * the offer until a sync this bench does not wait for. Then it waits for
 * every order to settle and counts, exiting 1 on any failure:
 * duplicate supplier purchases (per clientRef), duplicate mails (per outbox event key and per
 * order's delivery), duplicate webhook events (per seller and event id), duplicate payouts
 * (money paid out beyond the seller's released credits, or a sequence number twice), and paid
 * units neither delivered nor refunded. Payouts fall due during the run: a payout run every
 * minute (PAYOUT_RUN_MINUTES), no holdback, a minimum of one cent; once the orders settle the
 * bench waits for a run to pay out everything delivered, so every released cent is paid once.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OrderDoc } from '../src/modules/orders/order-doc.ts';
import { EVENT_ID_HEADER } from '../src/modules/seller-api/webhook-signature.ts';
import { LIMIT_NAMES } from '../src/lib/rate-limit-config.ts';
import { loadConfig } from '../src/config.ts';
import { createIdentity } from '../src/identity/firebase.ts';
import { createAccount } from '../test/harness.ts';
import { reportResult } from './bench-result.ts';
import {
  buyOnDemand,
  onDemandShop,
  onInterrupt,
  post,
  purchasesByRef,
  sleep,
  startBenchCluster,
} from './multi-instance.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 12);
const FAULT_RATE = 0.1;
const INSTANCES = 3;

const ENV = {
  ROLE: 'all',
  // Each buyer from an address of its own, as fraud screening counts orders per address.
  TRUST_PROXY: 'true',
  RATE_LIMITS: LIMIT_NAMES.map((name) => `${name}=1000000/60`).join(','),
  ORDER_HOLD_MAX_ORDERS: '1000',
  SUPPLIER_FULFILMENT_INTERVAL_SECONDS: '2',
  SUPPLIER_FULFILMENT_AFTER_SECONDS: '2',
  SUPPLIER_LEASE_SECONDS: '10',
  ORDER_EXPIRY_INTERVAL_SECONDS: '2',
  WEBHOOK_INTERVAL_SECONDS: '1',
  PAYOUT_JOB_INTERVAL_MINUTES: '1',
  // A payout falls due every minute, for every delivered cent (no holdback, no minimum).
  PAYOUT_RUN_MINUTES: '1',
  SELLER_HOLDBACK_DAYS: '0',
  PAYOUT_MINIMUM_CENTS: '1',
  PAYMENT_RECONCILE_INTERVAL_SECONDS: '5',
};

const cluster = await startBenchCluster(ENV);
const { db, wock, emulator, instances } = cluster;
const identity = createIdentity(loadConfig({ NODE_ENV: 'test' }), emulator.host);
onInterrupt(() => identity.close());
/** The seller's webhook receiver: every event id it was sent, and how often. */
const received = new Map<string, number>();
const receiver = http.createServer((req, res) => {
  const id = String(req.headers[EVENT_ID_HEADER] ?? '');
  received.set(id, (received.get(id) ?? 0) + 1);
  req.resume();
  req.on('end', () => res.writeHead(204).end());
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
try {
  for (let i = 0; i < INSTANCES; i++) await cluster.start();
  const tag = `once-${Date.now()}`;
  const shop = await onDemandShop({
    instance: instances[0]!,
    db,
    emulatorHost: emulator.host,
    wock,
    tag,
  });
  await instances[0]!.call(shop.seller.token, 'POST', '/api/seller/webhooks', {
    url: receiverUrl,
    events: ['sale', 'refund'],
  });
  // A fresh buyer per order: fraud screening sends a buyer's fourth order in an hour to review.
  const newBuyer = (n: number) =>
    createAccount({ db, identity, emulatorHost: emulator.host }, 'user', `${tag}-buyer-${n}`);
  console.log(
    `${INSTANCES} instances running every job on one database; ${ORDERS} on-demand orders, ` +
      `${CONCURRENCY} buyers at once, faults before ~${FAULT_RATE * 100} % …`,
  );

  const orderIds: string[] = [];
  let faults = 0;
  let failedCheckouts = 0;
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (;;) {
        const n = next++;
        if (n >= ORDERS) return;
        const buyer = await newBuyer(n);
        if (n % Math.round(1 / FAULT_RATE) === 5) {
          faults++;
          await post(
            `${wock.url}/sandbox/faults`,
            faults % 2 ? { failNext5xx: 3 } : { hangNext: 1 },
          );
        }
        const instance = instances[n % INSTANCES]!;
        try {
          const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
          orderIds.push(await buyOnDemand(instance, buyer, shop.seller, shop.productId, ip));
        } catch (err) {
          failedCheckouts++;
          if (failedCheckouts <= 3) console.error(String(err).slice(0, 300));
        }
        // A price rise is kept by the sandbox: the next order finds the normal price again.
        if (n % 50 === 0) {
          await post(`${wock.url}/sandbox/products/${shop.sku}`, { priceCents: 1000 });
        }
      }
    }),
  );
  await post(`${wock.url}/sandbox/products/${shop.sku}`, { priceCents: 1000 });
  const placedS = (performance.now() - t0) / 1000;
  console.log(
    `${orderIds.length} orders paid in ${placedS.toFixed(1)} s; waiting for them to settle …`,
  );

  // Every paid order ends delivered, or its line refunded.
  const orders = db.collection<OrderDoc>('orders');
  const settled = (o: OrderDoc) =>
    o.deliveredAt != null || o.items.every((i) => i.refundId != null);
  let open = orderIds.length;
  let printed = Date.now();
  const deadline = Date.now() + 5 * 60_000;
  while (Date.now() < deadline) {
    const docs = await orders.find({ status: 'approved' }).toArray();
    open = orderIds.length - docs.filter(settled).length;
    if (open <= 0) break;
    if (Date.now() - printed > 15_000) {
      printed = Date.now();
      console.log(`  ${open} not settled yet`);
    }
    await sleep(1000);
  }
  const settleS = (performance.now() - t0) / 1000 - placedS;
  // Late duplicates (a second purchase, a second mail) would show in the next periods.
  await sleep(5_000);

  // Payouts: a run each minute pays what was released since the last; wait for one after the
  // last delivery, so that every released cent should be paid out, once.
  const money = async () => {
    const released = await db
      .collection('sellerLedger')
      .aggregate<{ _id: string; cents: number }>([
        { $match: { sellerId: shop.seller.sellerId, held: { $ne: true } } },
        { $group: { _id: '$currency', cents: { $sum: '$amountCents' } } },
      ])
      .toArray();
    const paid = await db
      .collection('payouts')
      .aggregate<{ _id: string; cents: number; n: number }>([
        {
          $match: {
            sellerId: shop.seller.sellerId,
            status: { $in: ['pending', 'processing', 'paid'] },
          },
        },
        { $group: { _id: '$currency', cents: { $sum: '$amountCents' }, n: { $sum: 1 } } },
      ])
      .toArray();
    const eur = (xs: Array<{ _id: string; cents: number }>) =>
      xs.find((x) => x._id === 'eur')?.cents ?? 0;
    return { released: eur(released), paid: eur(paid), payouts: paid.reduce((n, p) => n + p.n, 0) };
  };
  const payoutDeadline = Date.now() + 3 * 60_000;
  let owed = await money();
  while (owed.paid < owed.released && Date.now() < payoutDeadline) {
    await sleep(2_000);
    owed = await money();
  }
  // A run racing another (or one a lost lease left running) would pay again after this.
  await sleep(5_000);
  owed = await money();
  const payoutRuns = await db.collection('payoutRuns').countDocuments();
  const paidTwiceCents = Math.max(0, owed.paid - owed.released);

  const docs = await orders.find({ status: 'approved' }).toArray();
  const delivered = docs.filter((o) => o.deliveredAt != null && o.items[0]!.deliveredCount === 1);
  const refunded = docs.filter((o) => o.items.every((i) => i.refundId != null));
  const notPaidThrough = orderIds.length - docs.length;
  const unsettled = docs.length - delivered.length - refunded.length;

  const byRef = await purchasesByRef(wock);
  const duplicatePurchases = [...byRef.values()].reduce((n, c) => n + Math.max(0, c - 1), 0);
  // Units refunded after a purchase was made would be money lost: counted apart.
  const refundedButBought = refunded.filter((o) => byRef.has(`${o._id.toHexString()}:0:0`)).length;

  const mailDupes = await db
    .collection('outbox')
    .aggregate<{ n: number }>([
      { $match: { key: { $exists: true } } },
      { $group: { _id: '$key', n: { $sum: 1 } } },
      { $match: { n: { $gt: 1 } } },
    ])
    .toArray();
  const deliveredMails = await db
    .collection('outbox')
    .countDocuments({ key: { $regex: '^order-delivered:' } });
  // Every event the receiver was sent more than once (a retry after a 2xx would be one).
  const webhookDupes = [...received.values()].filter((n) => n > 1);
  const webhookEvents = received.size;
  const seqDupes = await db
    .collection('payouts')
    .aggregate<{ n: number }>([
      {
        $group: {
          _id: { seller: '$sellerId', currency: '$currency', seq: '$seq' },
          n: { $sum: 1 },
        },
      },
      { $match: { n: { $gt: 1 } } },
    ])
    .toArray();
  const jobRows = await db.collection('jobs').find().toArray();
  const owners = new Set(jobRows.map((j) => String(j.lastOwner)));

  console.log(`
orders paid                      ${docs.length} (checkouts failed: ${failedCheckouts}, not approved: ${notPaidThrough})
faults switched on               ${faults}
delivered                        ${delivered.length}
refunded                         ${refunded.length} (after a purchase was made: ${refundedButBought})
neither                          ${unsettled}
supplier purchases               ${[...byRef.values()].reduce((a, b) => a + b, 0)} for ${byRef.size} units; duplicates ${duplicatePurchases}
mails: duplicate event keys      ${mailDupes.length}; delivery mails ${deliveredMails} for ${delivered.length} delivered orders
webhook events received          ${webhookEvents}; received more than once ${webhookDupes.length}
payouts                          ${owed.payouts} in ${payoutRuns} runs: ${owed.paid} of ${owed.released} cents released paid out; beyond it ${paidTwiceCents}; a sequence twice ${seqDupes.length}
job rows / instances seen owning ${jobRows.length} / ${owners.size}
placing ${placedS.toFixed(1)} s, settling ${settleS.toFixed(1)} s after`);

  reportResult({
    name: 'duplicate supplier purchases (3 schedulers)',
    figure: duplicatePurchases,
    unit: 'count',
    goal: { max: 0 },
  });
  reportResult({
    name: 'duplicate mails (3 schedulers)',
    figure: mailDupes.length + Math.max(0, deliveredMails - delivered.length),
    unit: 'count',
    goal: { max: 0 },
  });
  reportResult({
    name: 'duplicate webhook events (3 schedulers)',
    figure: webhookDupes.length,
    unit: 'count',
    goal: { max: 0 },
  });
  // A payout twice is money paid beyond the released credits (or one number used twice).
  const payoutDupes = (paidTwiceCents > 0 ? 1 : 0) + seqDupes.length;
  reportResult({
    name: 'duplicate payouts (3 schedulers)',
    figure: payoutDupes,
    unit: 'count',
    goal: { max: 0 },
  });
  reportResult({
    name: 'payouts fallen due in the run (3 schedulers)',
    figure: owed.payouts,
    unit: 'count',
    goal: { min: 1 },
  });
  reportResult({
    name: 'released cents left unpaid after the payout runs',
    figure: Math.max(0, owed.released - owed.paid),
    unit: 'count',
    goal: { max: 0 },
  });
  reportResult({
    name: 'paid units neither delivered nor refunded',
    figure: unsettled,
    unit: 'count',
    goal: { max: 0 },
  });
  const ok =
    duplicatePurchases === 0 &&
    mailDupes.length === 0 &&
    deliveredMails <= delivered.length &&
    webhookDupes.length === 0 &&
    payoutDupes === 0 &&
    owed.payouts > 0 &&
    owed.paid === owed.released &&
    unsettled === 0;
  process.exitCode = ok ? 0 : 1;
} finally {
  await cluster.close();
  receiver.close();
  await identity.close();
}
process.exit(process.exitCode ?? 1);
