import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient, type Db } from 'mongodb';
import {
  CheckoutStartedSchema,
  SellerOfferSchema,
  SellerSupplierConnectionSchema,
  transactionId,
} from '@market/shared';
import { startEmbeddedMongo } from '@market/embedded-mongo';
import { newProduct } from '../test/fixtures.ts';
import {
  apiCaller,
  freePorts,
  sellerAndBuyer,
  startMarketplace,
  type MarketplaceProcess,
} from '../test/marketplace-process.ts';
import { clickButton } from '../test/payments-helpers.ts';
import type { TestAccount } from '../test/harness.ts';
import {
  startWockSandbox,
  WOCK_SANDBOX_CREDENTIALS,
  type WockSandbox,
} from '../src/sandboxes/suppliers/wock/index.ts';
import type { SandboxPurchase } from '../src/sandboxes/suppliers/stockroom.ts';
import { startPaymentSandboxes, type PaymentSandboxes } from '../src/sandboxes/payments.ts';
import { offlineServicesEnv } from '../src/runtime/offline-services.ts';
import { startBenchEmulator, type BenchEmulator } from './bench-stack.ts';

/*
 * Several marketplace processes (main.ts, ROLE=all: every one runs every job) on one database:
 * an embedded engine this process starts, so killing an instance leaves the database up, as a
 * replica set outlives an instance. Each process has its own payment sandboxes (a buyer pays
 * through the instance that took their checkout); all share one Wock sandbox that does not
 * deduplicate purchases (`noDedup`), so any unit bought twice shows at the supplier.
 */

export type SharedDatabase = {
  /** One set of payment sandboxes for every instance, as one PayPal serves a whole shop. */
  payments: PaymentSandboxes;
  uri: string;
  client: MongoClient;
  db: Db;
  /** The instances' one KEY_ENCRYPTION_KEY: each decrypts what another stored (keys, credentials). */
  keyEncryptionKey: string;
  close(): Promise<void>;
};

export async function startSharedDatabase(): Promise<SharedDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-bench-db-'));
  const engine = await startEmbeddedMongo({ port: 0, dataDir });
  const uri = `${engine.uri}${engine.uri.includes('?') ? '&' : '/?'}directConnection=true`;
  const client = await new MongoClient(uri).connect();
  const payments = await startPaymentSandboxes({
    which: { paypal: true, checkout: true },
    port: 0,
    dir: path.join(dataDir, 'payments'),
  });
  return {
    payments,
    uri,
    client,
    db: client.db('marketplace'),
    keyEncryptionKey: randomBytes(32).toString('base64'),
    async close() {
      await payments.close();
      await client.close(true);
      await engine.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Instance = MarketplaceProcess & { dataDir: string; call: ReturnType<typeof apiCaller> };

/** Every instance started, killed with the benchmark when it is interrupted (no orphans). */
const started = new Set<MarketplaceProcess>();
const cleanups: Array<() => Promise<unknown>> = [];
/** Also run when the benchmark is interrupted (the Auth emulator's process, say). */
export const onInterrupt = (fn: () => Promise<unknown>) => cleanups.push(fn);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const p of started) p.child.kill('SIGKILL');
    void Promise.allSettled(cleanups.map((fn) => fn())).then(() => process.exit(130));
  });
}

/** One marketplace process on the shared database (its own HTTP and sandbox ports). */
export async function startInstance(opts: {
  database: SharedDatabase;
  emulatorHost: string;
  env: Record<string, string>;
  wockUrl?: string;
}): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-bench-instance-'));
  const proc = await startMarketplace({
    ports: await freePorts(),
    dataDir,
    emulatorHost: opts.emulatorHost,
    env: {
      // The stand-ins every instance shares (this process's): no instance starts its own.
      ...offlineServicesEnv({
        emulatorHost: opts.emulatorHost,
        paymentSandboxUrls: opts.database.payments.urls,
        supplierSandboxUrls: opts.wockUrl ? { wock: opts.wockUrl } : {},
        awin: null,
      }),
      MONGODB_URI: opts.database.uri,
      MONGODB_DB: 'marketplace',
      KEY_ENCRYPTION_KEY: opts.database.keyEncryptionKey,
      ...opts.env,
    },
  });
  // The payment sandboxes' webhooks go to the first instance (any instance settles any order).
  if (started.size === 0) opts.database.payments.setWebhookOrigin(proc.url);
  started.add(proc);
  void proc.ended.then(() => started.delete(proc));
  return { ...proc, dataDir, call: apiCaller(proc.url) };
}

export async function stopInstance(instance: Instance) {
  await instance.kill();
  fs.rmSync(instance.dataDir, { recursive: true, force: true });
}

export async function startNoDedupWock(): Promise<WockSandbox & { dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-bench-wock-'));
  const wock = await startWockSandbox({ port: 0, dir, productCount: 10 });
  await post(`${wock.url}/sandbox/faults`, { noDedup: true });
  return {
    ...wock,
    dir,
    async close() {
      await wock.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const post = async (url: string, body: unknown) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return res;
};

/** Purchases the supplier made, by clientRef. */
export async function purchasesByRef(wock: WockSandbox): Promise<Map<string, number>> {
  const all = (await (await fetch(`${wock.url}/sandbox/purchases`)).json()) as SandboxPurchase[];
  const byRef = new Map<string, number>();
  for (const p of all) byRef.set(p.clientRef, (byRef.get(p.clientRef) ?? 0) + 1);
  return byRef;
}

/**
 * A seller connected to the Wock sandbox selling one of its products on demand (stock plenty,
 * 10.00 EUR, ceiling 15.00), and a buyer.
 */
export async function onDemandShop(opts: {
  instance: Instance;
  db: Db;
  emulatorHost: string;
  wock: WockSandbox;
  tag: string;
  stock?: number;
}) {
  const { instance, wock } = opts;
  const { seller, buyer } = await sellerAndBuyer(opts.db, opts.emulatorHost, opts.tag);
  const connection = SellerSupplierConnectionSchema.parse(
    await instance.call(seller.token, 'POST', '/api/seller/supplier-connections', {
      supplier: 'wock',
      label: 'Wock',
      credentials: WOCK_SANDBOX_CREDENTIALS,
    }),
  );
  const sku = wock.stockroom.visibleProducts()[0]!.sku;
  await post(`${wock.url}/sandbox/products/${sku}`, {
    quantity: opts.stock ?? 100_000,
    priceCents: 1000,
    preOrder: false,
    hidden: false,
  });
  const productId = await newProduct(opts.db, { name: `Bench on demand ${opts.tag}` });
  const offer = SellerOfferSchema.parse(
    await instance.call(seller.token, 'POST', '/api/seller/offers', {
      productId,
      source: {
        kind: 'supplier',
        connectionId: connection.id,
        sku,
        mode: 'onDemand',
        stockCap: 1000,
        costCeiling: 1500,
        pricing: { marginPercent: 40, marginFixedCents: 50, rounding: 'none' },
      },
    }),
  );
  return { seller, buyer, productId, offer, sku };
}

/** One unit bought and paid with PayPal through `instance`; answers the order id. */
export async function buyOnDemand(
  instance: Instance,
  buyer: TestAccount,
  seller: TestAccount,
  productId: string,
  /** The buyer's own address (X-Forwarded-For, the instance trusting one proxy hop). */
  ip?: string,
): Promise<string> {
  const call = ip ? apiCallerFrom(instance.url, ip) : instance.call;
  await call(buyer.token, 'POST', '/api/cart/addToCart', {
    transactionId: transactionId(),
    products: [{ productId, sellerId: seller.sellerId, quantity: 1 }],
  });
  const started = CheckoutStartedSchema.parse(
    await call(buyer.token, 'POST', '/api/user/checkout', {
      provider: 'paypal',
      currency: 'eur',
      locale: 'en',
    }),
  );
  await clickButton(started.approvalUrl, 'Pay now');
  // The purchase runs after the approval, in the background of the instance that approved.
  await call(buyer.token, 'POST', `/api/user/checkout/${started.orderId}/complete`, {
    cancelled: false,
  }).catch(() => undefined);
  return started.orderId;
}

/** `apiCaller` from a client address of its own (fraud screening counts orders per address). */
const apiCallerFrom =
  (url: string, ip: string) =>
  async (token: string, method: string, p: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(url + p, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'x-forwarded-for': ip,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
    return res.json();
  };

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type BenchCluster = {
  emulator: BenchEmulator;
  database: SharedDatabase;
  db: Db;
  /** The one Wock sandbox every instance buys from, told not to deduplicate. */
  wock: Awaited<ReturnType<typeof startNoDedupWock>>;
  /** Every instance started so far, killed ones included (stopping one twice is harmless). */
  instances: Instance[];
  /** One more marketplace process on the shared database, with the cluster's environment. */
  start(): Promise<Instance>;
  /** Stops every instance, then the stand-ins and the database. */
  close(): Promise<void>;
};

/**
 * The multi-instance benches' set-up (exactly-once.ts, takeover.ts): the Auth emulator, one
 * database, one non-deduplicating Wock sandbox, and `start` for marketplace processes with `env`
 * (their SUPPLIER_WOCK_URL the sandbox's). Interrupting the bench tears it all down.
 */
export async function startBenchCluster(env: Record<string, string>): Promise<BenchCluster> {
  const emulator = await startBenchEmulator();
  onInterrupt(() => emulator.close());
  const database = await startSharedDatabase();
  onInterrupt(() => database.close());
  const wock = await startNoDedupWock();
  const instances: Instance[] = [];
  return {
    ...{ emulator, database, wock, instances },
    db: database.db,
    async start() {
      const instance = await startInstance({
        database,
        emulatorHost: emulator.host,
        env: { ...env, SUPPLIER_WOCK_URL: wock.url },
        wockUrl: wock.url,
      });
      instances.push(instance);
      return instance;
    },
    async close() {
      for (const i of instances) await stopInstance(i).catch(() => undefined);
      await wock.close();
      await database.close();
      await emulator.close();
    },
  };
}
