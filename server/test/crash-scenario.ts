import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient, ObjectId, type Db } from 'mongodb';
import {
  CheckoutStartedSchema,
  SellerOfferSchema,
  transactionId,
  type OrderStatus,
} from '@market/shared';
import type { Failpoint } from '../src/lib/failpoints.ts';
import type { KeyDoc } from '../src/modules/keys/keys.repository.ts';
import type { OfferDoc } from '../src/modules/offers/offers.repository.ts';
import type { OrderDoc } from '../src/modules/orders/order-doc.ts';
import type { OutboxDoc } from '../src/modules/outbox/outbox.repository.ts';
import { newProduct } from './fixtures.ts';
import type { TestAccount } from './harness.ts';
import {
  apiCaller,
  freePorts,
  sellerAndBuyer,
  startMarketplace,
  type MarketplaceProcess,
} from './marketplace-process.ts';
import { clickButton } from './payments-helpers.ts';

/*
 * One buyer's checkout through a marketplace process armed with one failpoint: the server is
 * SIGKILLed at that step, started again on the same DATA_DIR and ports without it, and left to
 * recover (jobs, the sandbox's webhook retries, and the buyer's return when asked). Then the
 * invariants are checked against the database and the PayPal sandbox's persisted state (the
 * provider's truth). Shared by `crash-recovery.test.ts` and `bench/crash-recovery.ts`.
 */

/**
 * Short deadlines, so recovery shows within minutes, in production's order: a reservation
 * (15 min there) outlives the reconciliation delay (5 min), so a paid order is settled before
 * its keys could expire.
 */
export const RECOVERY_ENV = {
  ORDER_RESERVATION_MINUTES: '2',
  ORDER_EXPIRY_INTERVAL_SECONDS: '1',
  PAYMENT_RECONCILE_AFTER_MINUTES: '1',
  PAYMENT_RECONCILE_INTERVAL_SECONDS: '5',
};

const KEYS_ON_SALE = 2;

export type CrashResult = {
  failpoint: Failpoint;
  /** The buyer's step under way when the server died; `background` when none was (a webhook). */
  killedDuring: string | null;
  /** The order's status at the end (null: no order was written). */
  status: OrderStatus | null;
  /** approved + delivered, cancelled + keys back, refunded … in words, for the report. */
  outcome: string;
  /** Captures the provider holds for the order (must be 0 or 1). */
  captures: number;
  /** Milliseconds from the SIGKILL to the restarted server answering its health check. */
  restartMs: number;
  /** Milliseconds from the restarted server's health to the order's final state (null: never). */
  recoverMs: number | null;
  /** Broken invariants (empty when all hold). */
  problems: string[];
};

type PaypalState = {
  orders: Record<string, { id: string; status: string; unit: { custom_id?: string } }>;
  captures: Record<string, { orderId: string; status: string }>;
};

/** What the PayPal sandbox persisted about our order: its payments and their captures. */
function providerView(dataDir: string, orderId: string) {
  const file = path.join(dataDir, 'payments', 'paypal-sandbox.json');
  const state = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as PaypalState)
    : { orders: {}, captures: {} };
  const payments = Object.values(state.orders).filter((o) => o.unit.custom_id === orderId);
  const ids = new Set(payments.map((p) => p.id));
  const captures = Object.values(state.captures).filter((c) => ids.has(c.orderId));
  return {
    payments: payments.length,
    captures: captures.length,
    refunded: captures.length > 0 && captures.every((c) => c.status === 'REFUNDED'),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The order's state as far as the invariants go. */
async function inspect(db: Db, dataDir: string, buyer: TestAccount, offerId: string) {
  const order = await db.collection<OrderDoc>('orders').findOne({ userId: buyer.uid });
  const keys = await db
    .collection<KeyDoc>('keys')
    .find({ offerId: new ObjectId(offerId) })
    .toArray();
  const offer = await db.collection<OfferDoc>('offers').findOne({ _id: new ObjectId(offerId) });
  const mails = await db
    .collection<OutboxDoc>('outbox')
    .countDocuments({ to: buyer.email, kind: 'order-delivered' });
  const provider = order
    ? providerView(dataDir, order._id.toHexString())
    : { payments: 0, captures: 0, refunded: false };
  const count = (status: KeyDoc['status']) => keys.filter((k) => k.status === status).length;
  const held = order ? keys.filter((k) => k.orderId?.equals(order._id)) : [];
  const paid = provider.captures > 0;
  const status = order?.status ?? null;
  let final = false;
  let outcome = status ?? 'no order';
  if (status === 'approved') {
    final = order!.deliveredAt !== null && held.length === 1 && held[0]!.status === 'sold';
    outcome = final ? 'approved, key delivered' : 'approved, delivery unfinished';
  } else if (status && status !== 'pending' && status !== 'review') {
    final = held.every((k) => k.status !== 'reserved') && (!paid || provider.refunded);
    outcome = `${status}, ${paid ? (provider.refunded ? 'refunded' : 'NOT refunded') : 'never charged'}, ${held.some((k) => k.status === 'reserved') ? 'key still held' : 'key back'}`;
  }
  const problems: string[] = [];
  if (provider.payments > 1) problems.push(`${provider.payments} payments created for one order`);
  if (provider.captures > 1) problems.push(`captured ${provider.captures} times`);
  if (count('sold') > 1) problems.push(`${count('sold')} keys sold for one unit`);
  if (keys.some((k) => k.status === 'sold' && !order?._id.equals(k.orderId!))) {
    problems.push('a key sold to no order of ours');
  }
  if (offer && offer.stock !== count('available')) {
    problems.push(`stock ${offer.stock}, available keys ${count('available')}`);
  }
  if (mails > 1) problems.push(`${mails} delivery mails`);
  if (status === 'approved' && !paid) problems.push('approved without a capture');
  if (paid && status !== 'approved' && !provider.refunded)
    problems.push('paid but not delivered nor refunded');
  return { final, status, outcome, captures: provider.captures, problems };
}

/** Runs one buyer's checkout into the failpoint, restarts, waits for recovery; never throws on a broken invariant. */
export async function runCrashScenario(opts: {
  failpoint: Failpoint;
  emulatorHost: string;
  /** After the restart the buyer reloads the return page (as the storefront's page does). */
  buyerReturns?: boolean;
  /** How long recovery may take before the order counts as stuck. */
  timeoutMs?: number;
}): Promise<CrashResult> {
  const { failpoint, emulatorHost } = opts;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-crash-'));
  const ports = await freePorts();
  const tag = `${failpoint.replace(/\W/g, '-')}-${randomBytes(4).toString('hex')}`;
  let server: MarketplaceProcess | null = null;
  let client: MongoClient | null = null;
  try {
    server = await startMarketplace({
      ports,
      dataDir,
      emulatorHost,
      env: { ...RECOVERY_ENV, FAILPOINTS: failpoint },
    });
    client = await new MongoClient(server.mongoUri).connect();
    const db = client.db('marketplace');
    const { seller, buyer } = await sellerAndBuyer(db, emulatorHost, `crash-${tag}`);
    const call = apiCaller(server.url);

    const productId = await newProduct(db, { name: `Crash ${tag}` });
    const offer = SellerOfferSchema.parse(
      await call(seller.token, 'POST', '/api/seller/offers', { productId, prices: { eur: 999 } }),
    );
    await call(seller.token, 'POST', `/api/seller/offers/${offer.id}/keys`, {
      codes: Array.from({ length: KEYS_ON_SALE }, (_, i) => `CRASH-${tag}-${i}`.toUpperCase()),
    });
    await call(buyer.token, 'POST', '/api/cart/addToCart', {
      transactionId: transactionId(),
      products: [{ productId, sellerId: seller.sellerId, quantity: 1 }],
    });

    // The buyer's steps; the server may die under any of them, or between them (a webhook).
    let killedDuring: string | null = null;
    const live = server;
    const step = async <T>(name: string, run: () => Promise<T>): Promise<T | undefined> => {
      if (live.dead()) killedDuring ??= 'background';
      if (killedDuring) return undefined;
      try {
        return await run();
      } catch (err) {
        await Promise.race([live.ended, sleep(5_000)]);
        if (!live.dead()) throw err;
        killedDuring = name;
        return undefined;
      }
    };
    const started = await step('checkout', async () =>
      CheckoutStartedSchema.parse(
        await call(buyer.token, 'POST', '/api/user/checkout', {
          provider: 'paypal',
          currency: 'eur',
          locale: 'en',
        }),
      ),
    );
    await step('approval', () => clickButton(started!.approvalUrl, 'Pay now'));
    const complete = (token: string, orderId: string) =>
      call(token, 'POST', `/api/user/checkout/${orderId}/complete`, { cancelled: false });
    await step('return', () => complete(buyer.token, started!.orderId));
    if (!killedDuring) {
      // The webhook may still be on its way to the failpoint.
      await Promise.race([live.ended, sleep(10_000)]);
      if (live.dead()) killedDuring = 'background';
    }
    await client.close(true);
    client = null;
    if (!killedDuring) {
      await server.kill();
      return {
        failpoint,
        killedDuring,
        status: null,
        outcome: 'failpoint not reached',
        captures: 0,
        restartMs: 0,
        recoverMs: null,
        problems: ['failpoint not reached'],
      };
    }

    const killedAt = performance.now();
    server = await startMarketplace({ ports, dataDir, emulatorHost, env: RECOVERY_ENV });
    const upAt = performance.now();
    client = await new MongoClient(server.mongoUri).connect();
    const after = client.db('marketplace');
    const order = await after.collection<OrderDoc>('orders').findOne({ userId: buyer.uid });
    if (opts.buyerReturns && order) {
      await complete(buyer.token, order._id.toHexString()).catch(() => undefined);
    }
    const deadline = upAt + (opts.timeoutMs ?? 300_000);
    let state = await inspect(after, dataDir, buyer, offer.id);
    while (!state.final && performance.now() < deadline) {
      await sleep(250);
      state = await inspect(after, dataDir, buyer, offer.id);
    }
    const recoverMs = state.final ? Math.round(performance.now() - upAt) : null;
    // Anything late (a second capture, a second mail) would show a moment later.
    await sleep(1_000);
    state = await inspect(after, dataDir, buyer, offer.id);
    return {
      failpoint,
      killedDuring,
      status: state.status,
      outcome: state.outcome,
      captures: state.captures,
      restartMs: Math.round(upAt - killedAt),
      recoverMs,
      problems: [...(state.final ? [] : ['not recovered in time']), ...state.problems],
    };
  } finally {
    await client?.close(true);
    await server?.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
