import path from 'node:path';
import {
  ConfigError,
  identityMode,
  isDeployment,
  isLoopbackHost,
  listenHost,
  loadConfig,
} from './config.ts';
import { buildAppDeps } from './app-deps.ts';
import { createApp } from './app.ts';
import { createContainer } from './container.ts';
import { connectDatabase, type Database } from './db/client.ts';
import { ensureIndexes } from './db/indexes.ts';
import { dataMigrations, runMigrations } from './db/migrations.ts';
import { createHttpServer } from './http-server.ts';
import { watchChangeStream } from './page-cache/page-invalidation.ts';
import { armFailpoints } from './lib/failpoints.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { startJob } from './jobs/job-runner.ts';
import { startAuthEmulator, type AuthEmulator } from './identity/auth-emulator.ts';
import { createIdentity, type Identity } from './identity/firebase.ts';
import { sandboxedProviders } from './integrations/payments/payment-providers.ts';
import { startPaymentSandboxes } from './sandboxes/payments.ts';
import { startSupplierSandboxes, type SupplierSandboxes } from './sandboxes/suppliers/index.ts';
import { connectAwin } from './integrations/awin/awin.ts';
import { createLogger, prettyLogsWanted, type Logger } from './logger.ts';
import { resumeSupplierFulfilment } from './jobs/resume-supplier-fulfilment.ts';
import { reconcilePayments } from './jobs/reconcile-payments.ts';
import { startClaimJobs } from './jobs/claims.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-catalogue.ts';
import { ensureReferenceData, seedDemoData } from './seed/seed.ts';
import { seedDemoSuppliers } from './seed/demo-suppliers.ts';
import { exposeShopSite, shopSiteOf, tagOriginsOf } from './lib/shop-site.ts';

/** Connections the kernel may queue before the server accepts them (capped by `somaxconn`). */
const LISTEN_BACKLOG = 4096;

/** Boot: config → database → identity → indexes → migrations → demo data → serve; stop on signals. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
  const log = createLogger(config.LOG_LEVEL, { pretty: prettyLogsWanted(config.NODE_ENV) });
  // The config refuses failpoints in production; the check here keeps them off even so.
  if (config.NODE_ENV !== 'production') armFailpoints(config.FAILPOINTS);
  const started = Date.now();
  const stops: Array<() => Promise<void>> = [];
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    for (const fn of stops.reverse()) {
      await fn().catch((err: unknown) => log.error({ err }, 'error while stopping'));
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const [database, emulator] = await Promise.all([
    connectDatabase(config, log),
    identityMode(config) === 'emulator' && !config.FIREBASE_AUTH_EMULATOR_HOST
      ? startAuthEmulator({
          port: config.FIREBASE_EMULATOR_PORT,
          projectId: config.FIREBASE_PROJECT_ID,
          dir: path.join(config.DATA_DIR, 'firebase'),
          persist: true,
          log,
        })
      : Promise.resolve(null),
  ]).catch(async (err: unknown) => {
    log.fatal({ err }, 'could not start');
    process.exit(1);
  });
  stops.push(() => (database as Database).close());
  if (emulator) stops.push(() => (emulator as AuthEmulator).stop());

  const identity: Identity = createIdentity(
    config,
    emulator?.host ?? config.FIREBASE_AUTH_EMULATOR_HOST ?? null,
  );
  stops.push(() => identity.close());
  // Affiliate conversions go to Awin, or offline to a local sandbox speaking its API (deployed
  // without AWIN_API_KEY: nowhere).
  const awin = await connectAwin(config, log);
  stops.push(() => awin.close());

  const { db } = database;
  // Without provider credentials, payments go to local sandboxes that keep their state on disk.
  const sandboxed = sandboxedProviders(config);
  const paymentSandboxes = await startPaymentSandboxes({
    which: sandboxed,
    port: config.PAYMENT_SANDBOX_PORT,
    dir: path.join(config.DATA_DIR, 'payments'),
    log,
  }).catch(async (err: unknown) => {
    log.fatal({ err }, 'could not start the payment sandboxes (PAYMENT_SANDBOX_PORT and the next)');
    // Stop what already runs (the Auth emulator would otherwise outlive us).
    for (const fn of stops.reverse()) await fn().catch(() => undefined);
    process.exit(1);
  });
  stops.push(() => paymentSandboxes.close());
  // Offline, sellers connect to local sandboxes of the four key suppliers (never deployed: there
  // each supplier is reached only at its SUPPLIER_<ID>_URL).
  let supplierSandboxes: SupplierSandboxes | null = null;
  if (!isDeployment(config.NODE_ENV)) {
    supplierSandboxes = await startSupplierSandboxes({
      port: config.SUPPLIER_SANDBOX_PORT,
      dir: path.join(config.DATA_DIR, 'suppliers'),
      log,
    }).catch(async (err: unknown) => {
      log.fatal({ err }, 'could not start the supplier sandboxes (SUPPLIER_SANDBOX_PORT … +3)');
      for (const fn of stops.reverse()) await fn().catch(() => undefined);
      process.exit(1);
    });
    const started = supplierSandboxes;
    stops.push(() => started.close());
  }
  const deps = buildAppDeps({
    config,
    db,
    identity,
    log,
    databaseMode: database.mode,
    paymentSandboxUrls: paymentSandboxes.urls,
    supplierSandboxUrls: supplierSandboxes?.urls,
    awin: awin.client,
  });
  // The app and the background jobs share one set of repositories and services.
  const container = createContainer(deps);
  await ensureIndexes(db, container.indexes);
  await container.categories.ensureDefaults();
  await ensureReferenceData(db);
  // Data migrations (they need the vault) before anything reads or adds keys.
  await runMigrations(db, dataMigrations({ db, vault: deps.vault, log }), log);
  if (config.SEED_DEMO_DATA) await seedDemoData(db, identity.auth, deps.vault, log);
  // The demo seller's suppliers are the local sandboxes (the container knows their URLs): a
  // failure leaves the marketplace up, and the next start tries again.
  if (config.SEED_DEMO_DATA && supplierSandboxes) {
    await seedDemoSuppliers(db, container, log).catch((err: unknown) =>
      log.error({ err }, 'demo supplier offers not seeded'),
    );
  }

  // Unpaid orders past their deadline give their keys back; crash leftovers are recovered.
  const orders = container.orderService;
  const expiry = startJob({
    name: 'order-expiry',
    everyMs: config.ORDER_EXPIRY_INTERVAL_SECONDS * 1000,
    run: () => orders.expireReservations(new Date()),
    log,
  });
  stops.push(() => expiry.stop());
  // Payments a webhook never settled, refunds a crash left pending; Awin reports to retry.
  const reconcile = startJob({
    name: 'payment-reconciliation',
    everyMs: config.PAYMENT_RECONCILE_INTERVAL_SECONDS * 1000,
    run: () =>
      reconcilePayments({
        payments: container,
        afterMinutes: config.PAYMENT_RECONCILE_AFTER_MINUTES,
        log,
      }),
    log,
  });
  stops.push(() => reconcile.stop());
  const affiliateRetry = startJob({
    name: 'affiliate-retry',
    everyMs: 60_000,
    run: () => container.affiliate?.retryPending() ?? Promise.resolve(),
    log,
  });
  stops.push(() => affiliateRetry.stop());
  // Seller ratings a crash left between a review's moderation and its recount.
  const ratingRepair = startJob({
    name: 'review-rating-repair',
    everyMs: 5 * 60_000,
    run: async () => {
      await container.reviewModeration.repairRatings();
    },
    log,
  });
  stops.push(() => ratingRepair.stop());
  // Account erasures a crash left half-done (a buyer's deletion, an admin's anonymisation).
  const erasures = startJob({
    name: 'account-erasures',
    everyMs: 5 * 60_000,
    run: () => container.accountErasure.resumeUnfinished(),
    log,
  });
  stops.push(() => erasures.stop());
  // Supplier-backed offers follow their suppliers' stock and prices: each connection is synced
  // once its offers are SUPPLIER_SYNC_MINUTES old (a minute's tick spreads them out), and in
  // between its on-demand stock is checked every minute, so a sold-out sku leaves at once.
  const supplierSync = startJob({
    name: 'supplier-sync',
    everyMs: 60_000,
    run: async () => {
      await container.supplierSync.syncDue();
      await container.supplierSync.checkStockDue();
    },
    log,
  });
  stops.push(() => supplierSync.stop());
  // On-demand units a crash or a silent supplier left unbought (or pre-orders still waiting for
  // their code): their orders are delivered again, the supplier asked before anything is bought.
  const fulfilment = startJob({
    name: 'supplier-fulfilment',
    everyMs: config.SUPPLIER_FULFILMENT_INTERVAL_SECONDS * 1000,
    run: () =>
      resumeSupplierFulfilment({
        container,
        afterSeconds: config.SUPPLIER_FULFILMENT_AFTER_SECONDS,
      }),
    log,
  });
  stops.push(() => fulfilment.stop());
  // Claims sellers left unanswered are refunded; defect rates are counted daily.
  for (const job of startClaimJobs(container, log)) stops.push(() => job.stop());
  // Sellers get paid: the weekly payout run (once per week across processes, resumed after a
  // crash), then PayPal payouts left unsent or still processing.
  const payouts = startJob({
    name: 'seller-payouts',
    everyMs: config.PAYOUT_JOB_INTERVAL_MINUTES * 60_000,
    run: () => container.payoutService.tick(),
    log,
  });
  stops.push(() => payouts.stop());
  // Sellers' webhooks: events recorded before delivery are sent, retried with backoff.
  const webhooks = startJob({
    name: 'webhook-delivery',
    everyMs: config.WEBHOOK_INTERVAL_SECONDS * 1000,
    run: () => container.sellerApi.delivery.deliverDue(),
    log,
  });
  stops.push(() => webhooks.stop());
  // Sales of the last two hours whose event a crash lost are recorded again (same event ids).
  const saleSweep = startJob({
    name: 'webhook-sale-sweep',
    everyMs: 5 * 60_000,
    run: () => container.sellerApi.events.sweepSales(2 * 3_600_000),
    log,
  });
  stops.push(() => saleSweep.stop());
  // Supplier catalogue imports a stop or a crash left running go on from their saved cursor, in
  // the background; at shutdown each stops after its current page, to be resumed next boot.
  const imports = container.supplierImportRunner;
  stops.push(() => imports.stop());
  imports.resume().catch((err: unknown) => log.error({ err }, 'supplier imports not resumed'));
  // Several instances on one replica set: each one's writes drop the others' cached pages.
  if (database.mode === 'external' && deps.pageCache.enabled) {
    const stopWatch = await watchChangeStream(
      database.client.db(config.MONGODB_DB),
      deps.pageCache.changes,
      log,
    );
    if (stopWatch) stops.push(stopWatch);
  }
  const app = createApp(container);
  // The storefront renders server-side from the API, over loopback.
  process.env.API_ORIGIN ??= `http://127.0.0.1:${config.PORT}`;
  const shop = shopSiteOf(config);
  exposeShopSite(shop);
  const server = await createHttpServer(app.fetch, log, {
    publicOrigin: deps.publicOrigin,
    trustProxy: config.TRUST_PROXY,
    identity: identity.mode,
    pageCache: deps.pageCache,
    headers: securityHeaders({
      production: config.NODE_ENV === 'production',
      clientConfig: deps.clientConfig,
      tagOrigins: tagOriginsOf(shop.tags),
    }),
  });
  const host = listenHost(config);
  if (identity.mode === 'emulator' && !isLoopbackHost(host)) warnExposedEmulator(host, log);
  // A burst of new connections (a sale opening, a crawler) waits in the kernel's accept queue
  // rather than being dropped and retried a second later: Node's default backlog is 511.
  await new Promise<void>((resolve) =>
    server.listen({ port: config.PORT, host, backlog: LISTEN_BACKLOG }, resolve),
  );
  stops.push(
    () => new Promise<void>((resolve) => server.close(() => resolve()).closeAllConnections()),
  );

  paymentSandboxes.setWebhookOrigin(`http://127.0.0.1:${config.PORT}`);
  const origin = deps.publicOrigin;
  log.info({ ms: Date.now() - started, origin }, 'marketplace ready');
  if (config.SEED_DEMO_DATA) {
    const accounts = DEMO_ACCOUNTS.map(
      (a) => `  ${a.role.padEnd(7)} ${a.email} / ${DEMO_PASSWORD}`,
    );
    console.log(
      `\nMarketplace on ${origin}  (admin: ${origin}/admin/, seller: ${origin}/seller/)\nDemo accounts:\n${accounts.join('\n')}\n`,
    );
  }
}

/** HOST took the server off loopback while sign-in is the emulator: say loudly what that means. */
function warnExposedEmulator(host: string, log: Logger) {
  const warning =
    `HOST=${host} exposes a server whose sign-in is the Auth emulator: its tokens are unsigned, ` +
    'so anyone who reaches this port can forge an admin. Use it only on a network you trust.';
  log.warn({ host }, warning);
  console.warn(`\n!! ${warning}\n`);
}

await main();
