import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient, ObjectId, type Db } from 'mongodb';
import { describe, expect, inject, it } from 'vitest';
import {
  CheckoutStartedSchema,
  SellerOfferSchema,
  SellerSupplierConnectionSchema,
  transactionId,
} from '@market/shared';
import type { Failpoint } from '../src/lib/failpoints.ts';
import type { KeyDoc } from '../src/modules/keys/keys.repository.ts';
import type { OrderDoc } from '../src/modules/orders/order-doc.ts';
import type { SupplierPurchaseDoc } from '../src/modules/supplier-purchases/supplier-purchases.repository.ts';
import type { SandboxPurchase } from '../src/sandboxes/suppliers/stockroom.ts';
import {
  CODESWHOLESALE_SANDBOX_CREDENTIALS,
  startCodeswholesaleSandbox,
} from '../src/sandboxes/suppliers/codeswholesale/index.ts';
import {
  startWockSandbox,
  WOCK_SANDBOX_CREDENTIALS,
} from '../src/sandboxes/suppliers/wock/index.ts';
import { RECOVERY_ENV } from './crash-scenario.ts';
import { newProduct } from './fixtures.ts';
import {
  apiCaller,
  freePorts,
  sellerAndBuyer,
  startMarketplace,
  type MarketplaceProcess,
} from './marketplace-process.ts';
import { clickButton } from './payments-helpers.ts';

/*
 * A buyer pays for an on-demand offer (a supplier sandbox: Wock, which dedupes nothing, and
 * CodesWholesale, which dedupes on our orderId; the seller's real connection) through a
 * marketplace process armed with one supplier failpoint: the process is SIGKILLed while it buys
 * the unit, started again on the same data without it, and left to the supplier-fulfilment job.
 * The unit must end delivered with exactly one purchase at the supplier and one in the book.
 */

const FULFILMENT_ENV = {
  ...RECOVERY_ENV,
  SUPPLIER_FULFILMENT_INTERVAL_SECONDS: '1',
  SUPPLIER_FULFILMENT_AFTER_SECONDS: '1',
  // The killed process's claim on the unit expires this soon; the restarted one takes it over.
  SUPPLIER_LEASE_SECONDS: '2',
  // The built-in supplier sandboxes on ports of their own (this test brings its Wock).
  SUPPLIER_SANDBOX_PORT: '0',
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The suppliers the crash is tried against: their sandbox, credentials and URL setting. */
const SUPPLIERS = {
  wock: {
    start: startWockSandbox,
    credentials: WOCK_SANDBOX_CREDENTIALS,
    urlEnv: 'SUPPLIER_WOCK_URL',
  },
  codeswholesale: {
    start: startCodeswholesaleSandbox,
    credentials: CODESWHOLESALE_SANDBOX_CREDENTIALS,
    urlEnv: 'SUPPLIER_CODESWHOLESALE_URL',
  },
} as const;
type CrashSupplier = keyof typeof SUPPLIERS;

/** The unit's state: the order, its keys, the book's and the supplier's purchases. */
async function inspect(db: Db, sandboxUrl: string, orderId: ObjectId) {
  const clientRef = `${orderId.toHexString()}:0:0`;
  const order = await db.collection<OrderDoc>('orders').findOne({ _id: orderId });
  const keys = await db.collection<KeyDoc>('keys').find({ orderId }).toArray();
  const book = await db
    .collection<SupplierPurchaseDoc>('supplierPurchases')
    .find({ orderId })
    .toArray();
  const atSupplier = (
    (await (await fetch(`${sandboxUrl}/sandbox/purchases`)).json()) as SandboxPurchase[]
  ).filter((p) => p.clientRef === clientRef);
  return {
    status: order?.status ?? null,
    delivered: order?.deliveredAt != null,
    soldKeys: keys.filter((k) => k.status === 'sold').length,
    book: book.map((b) => ({ clientRef: b.clientRef, status: b.status, codeCount: b.codeCount })),
    supplierPurchases: atSupplier.length,
  };
}

async function runSupplierCrash(supplier: CrashSupplier, failpoint: Failpoint) {
  const emulatorHost = inject('authEmulatorHost');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-supplier-crash-'));
  const sandboxDir = fs.mkdtempSync(path.join(os.tmpdir(), `${supplier}-crash-`));
  const { start, credentials, urlEnv } = SUPPLIERS[supplier];
  const sandbox = await start({ port: 0, dir: sandboxDir, productCount: 10 });
  const ports = await freePorts();
  const tag = `${supplier}-${failpoint.replace(/\W/g, '-')}-${randomBytes(4).toString('hex')}`;
  const env = { ...FULFILMENT_ENV, [urlEnv]: sandbox.url };
  let server: MarketplaceProcess | null = null;
  let client: MongoClient | null = null;
  try {
    server = await startMarketplace({
      ports,
      dataDir,
      emulatorHost,
      env: { ...env, FAILPOINTS: failpoint },
    });
    client = await new MongoClient(server.mongoUri).connect();
    const db = client.db('marketplace');
    const { seller, buyer } = await sellerAndBuyer(db, emulatorHost, `supplier-crash-${tag}`);
    const call = apiCaller(server.url);

    const connection = SellerSupplierConnectionSchema.parse(
      await call(seller.token, 'POST', '/api/seller/supplier-connections', {
        supplier,
        label: supplier,
        credentials,
      }),
    );
    const sku = sandbox.stockroom.visibleProducts()[0]!.sku;
    await fetch(`${sandbox.url}/sandbox/products/${sku}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ quantity: 5, priceCents: 1000, preOrder: false, hidden: false }),
    });
    const productId = await newProduct(db, { name: `Supplier crash ${tag}` });
    SellerOfferSchema.parse(
      await call(seller.token, 'POST', '/api/seller/offers', {
        productId,
        source: {
          kind: 'supplier',
          connectionId: connection.id,
          sku,
          mode: 'onDemand',
          stockCap: 3,
          costCeiling: 1500,
          pricing: { marginPercent: 40, marginFixedCents: 50, rounding: 'none' },
        },
      }),
    );
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
    // The purchase runs after the approval, in the background: the process dies there.
    await call(buyer.token, 'POST', `/api/user/checkout/${started.orderId}/complete`, {
      cancelled: false,
    }).catch(() => undefined);
    await Promise.race([server.ended, sleep(15_000)]);
    const killed = server.dead();
    await client.close(true);
    client = null;
    if (!killed) return { killed, final: null };

    server = await startMarketplace({ ports, dataDir, emulatorHost, env });
    client = await new MongoClient(server.mongoUri).connect();
    const after = client.db('marketplace');
    const orderId = new ObjectId(started.orderId);
    const deadline = Date.now() + 30_000;
    let state = await inspect(after, sandbox.url, orderId);
    while (!state.delivered && Date.now() < deadline) {
      await sleep(250);
      state = await inspect(after, sandbox.url, orderId);
    }
    // Anything late (a second purchase) would show a moment later.
    await sleep(1_500);
    return { killed, final: await inspect(after, sandbox.url, orderId) };
  } finally {
    await client?.close(true);
    await server?.kill();
    await sandbox.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(sandboxDir, { recursive: true, force: true });
  }
}

const FAILPOINTS = ['supplier.beforePurchase', 'supplier.afterPurchase', 'supplier.afterCodes'];

describe('an on-demand unit whose server is killed while it is bought', () => {
  it.each(
    (Object.keys(SUPPLIERS) as CrashSupplier[]).flatMap((supplier) =>
      FAILPOINTS.map((failpoint) => [supplier, failpoint] as [CrashSupplier, Failpoint]),
    ),
  )(
    'ends delivered with exactly one %s purchase after a crash at %s',
    async (supplier, failpoint) => {
      const { killed, final } = await runSupplierCrash(supplier, failpoint);
      expect(killed).toBe(true);
      expect(final).toMatchObject({
        status: 'approved',
        delivered: true,
        soldKeys: 1,
        supplierPurchases: 1,
        book: [expect.objectContaining({ status: 'stored', codeCount: 1 })],
      });
      expect(final!.book).toHaveLength(1);
    },
    120_000,
  );
});
