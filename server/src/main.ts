import cluster from 'node:cluster';
import { ConfigError, isLoopbackHost, listenHost, loadConfig, type Config } from './config.ts';
import { buildAppDeps } from './app-deps.ts';
import { createApp } from './app.ts';
import { createContainer } from './container.ts';
import { connectDatabase } from './db/client.ts';
import { ensureIndexes } from './db/indexes.ts';
import { runMigrations } from './db/migrations.ts';
import { createHttpServer } from './http-server.ts';
import { watchChangeStream } from './page-cache/page-invalidation.ts';
import { armFailpoints } from './lib/failpoints.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { startJob } from './jobs/job-runner.ts';
import { startInstanceHeartbeat } from './observability/instances.ts';
import { mountMetrics } from './observability/metrics-endpoint.ts';
import { createIdentity } from './identity/firebase.ts';
import { connectAwin } from './integrations/awin/awin.ts';
import { createLogger, prettyLogsWanted, type Logger } from './logger.ts';
import { instanceId } from './observability/instance.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-catalogue.ts';
import { ensureReferenceData, seedDemoData } from './seed/seed.ts';
import { seedDemoSuppliers } from './seed/demo-suppliers.ts';
import { exposeShopSite, shopSiteOf, tagOriginsOf } from './lib/shop-site.ts';
import { instancesWanted, runClusterPrimary } from './runtime/cluster.ts';
import { shopJobs } from './runtime/job-list.ts';
import { createLifecycle } from './runtime/lifecycle.ts';
import {
  offlineServicesFromEnv,
  startOfflineServices,
  type OfflineServices,
} from './runtime/offline-services.ts';
import { createShutdown } from './runtime/shutdown.ts';
import { createWorkerServer } from './runtime/worker-http.ts';

/** Connections the kernel may queue before the server accepts them (capped by `somaxconn`). */
const LISTEN_BACKLOG = 4096;

/**
 * Entry point: one instance doing what ROLE says, or (INSTANCES / `--instances N`) the primary of
 * a cluster of N web processes and one worker (runtime/cluster.ts), whose children come back here.
 */
async function main() {
  let config: Config;
  let instances: number;
  try {
    config = loadConfig();
    instances = instancesWanted(config, process.argv);
  } catch (err) {
    if (err instanceof ConfigError || (err instanceof Error && err.message.startsWith('--'))) {
      console.error(err.message);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
  const log = createLogger(config.LOG_LEVEL, { pretty: prettyLogsWanted(config.NODE_ENV) });
  if (instances > 0 && cluster.isPrimary) return runClusterPrimary(config, log, instances);
  await runInstance(config, log.child({ role: config.ROLE }));
}

/**
 * One instance. Boot: config → database → identity → indexes → migrations → demo data → jobs
 * (worker, all) → serve (routes for web and all; health, ready and metrics for a worker) →
 * ready. Stops on signals as runtime/shutdown.ts says.
 */
async function runInstance(config: Config, log: Logger) {
  // The config refuses failpoints in production; the check here keeps them off even so.
  if (config.NODE_ENV !== 'production') armFailpoints(config.FAILPOINTS);
  const runsJobs = config.ROLE !== 'web';
  const servesRoutes = config.ROLE !== 'worker';
  const started = Date.now();
  // Readiness follows the database from the first moment; the shutdown drains in its order.
  let ping: () => Promise<unknown> = () => Promise.reject(new Error('not connected yet'));
  const lifecycle = createLifecycle({ ping: () => ping(), log });
  const shutdown = createShutdown({
    log,
    lifecycle,
    graceMs: config.SHUTDOWN_GRACE_SECONDS * 1000,
    drainMs: config.SHUTDOWN_DRAIN_SECONDS * 1000,
  });
  process.on('SIGINT', () => void shutdown.stop('SIGINT'));
  process.on('SIGTERM', () => void shutdown.stop('SIGTERM'));
  const fail = async (err: unknown, what: string): Promise<never> => {
    log.fatal({ err }, what);
    // Stop what already runs (the Auth emulator would otherwise outlive us).
    await shutdown.stop('start failed');
    process.exit(1);
  };

  // The offline stand-ins: a cluster's primary started them for every child; else started here.
  let offline: OfflineServices | null = offlineServicesFromEnv();
  let setWebhookOrigin: ((origin: string) => void) | null = null;
  if (!offline) {
    const started = await startOfflineServices(config, log).catch((err: unknown) =>
      fail(err, 'could not start'),
    );
    shutdown.onStop(() => started.close());
    offline = started;
    setWebhookOrigin = started.setWebhookOrigin;
  }
  const database = await connectDatabase(config, log).catch((err: unknown) =>
    fail(err, 'could not start'),
  );
  shutdown.onStop(() => database.close());
  ping = () => database.db.command({ ping: 1 });

  const identity = createIdentity(config, offline.emulatorHost);
  shutdown.onStop(() => identity.close());
  // Affiliate conversions go to Awin, or offline to a local sandbox speaking its API (deployed
  // without AWIN_API_KEY: nowhere).
  const awin = await connectAwin(config, log, offline.awin);
  shutdown.onStop(() => awin.close());

  const { db } = database;
  const deps = buildAppDeps({
    config,
    db,
    identity,
    log,
    databaseMode: database.mode,
    paymentSandboxUrls: offline.paymentSandboxUrls,
    supplierSandboxUrls: offline.supplierSandboxUrls,
    awin: awin.client,
  });
  // The app and the background jobs share one set of repositories and services.
  const container = createContainer(deps);
  await ensureIndexes(db, container.indexes);
  await container.categories.ensureDefaults();
  await ensureReferenceData(db);
  // Data migrations (they need the vault) before anything reads or adds keys.
  await runMigrations(db, container.migrations, log);
  if (config.SEED_DEMO_DATA) await seedDemoData(db, identity.auth, deps.vault, log);
  // The demo seller's suppliers are the local sandboxes (the container knows their URLs): a
  // failure leaves the marketplace up, and the next start tries again.
  if (config.SEED_DEMO_DATA && offline.supplierSandboxUrls) {
    await seedDemoSuppliers(db, container, log).catch((err: unknown) =>
      log.error({ err }, 'demo supplier offers not seeded'),
    );
  }
  // The seed writes the catalogue straight to the database, past the write watcher, while the
  // search index was being built from what was there: built again once the demo is in.
  if (config.SEED_DEMO_DATA) await container.searchSync.rebuild();

  // Supplier catalogue imports stop after their current page at shutdown, to be resumed.
  const imports = container.supplierImportRunner;
  shutdown.addJob(imports);
  // This instance in the System page's list (`instances`): a heartbeat, removed at a clean stop.
  const heartbeat = await startInstanceHeartbeat({ db, role: config.ROLE, log });
  shutdown.onStop(() => heartbeat.stop());
  // Password resets answered already and still at work finish before the database and the
  // identity provider close (closed in reverse order: this runs before them).
  shutdown.onStop(() => container.passwordReset.idle());
  if (runsJobs) {
    // Each job takes its lease in the database: any number of instances may run this list.
    for (const job of shopJobs(container, config, log)) {
      shutdown.addJob(startJob({ ...job, log, db }));
    }
    container.claims.defectRates
      .recountAll()
      .catch((err: unknown) => log.error({ err }, 'defect rates not counted at start'));
    // Imports a stop or a crash left running go on from their saved cursor, in the background.
    imports.resume().catch((err: unknown) => log.error({ err }, 'supplier imports not resumed'));
  }
  // Several instances on one database: each one's writes drop the others' cached pages, session
  // states, carts and tokens (the session cache runs with the page cache off too). Opened
  // wherever the database has change streams: a replica set, a mongos, the embedded engine.
  if (servesRoutes) {
    const stopWatch = await watchChangeStream(
      database.client.db(config.MONGODB_DB),
      deps.pageCache.changes,
      log,
    );
    if (stopWatch) shutdown.onStop(stopWatch);
  }

  const site = { lifecycle, instance: instanceId, role: config.ROLE };
  let server;
  if (servesRoutes) {
    const app = createApp(container);
    // The storefront renders server-side from the API, over loopback.
    process.env.API_ORIGIN ??= `http://127.0.0.1:${config.PORT}`;
    const shop = shopSiteOf(config);
    exposeShopSite(shop);
    server = await createHttpServer(app.fetch, log, {
      publicOrigin: deps.publicOrigin,
      trustProxy: config.TRUST_PROXY,
      identity: identity.mode,
      pageCache: deps.pageCache,
      lifecycle: site,
      headers: securityHeaders({
        production: config.NODE_ENV === 'production',
        clientConfig: deps.clientConfig,
        tagOrigins: tagOriginsOf(shop.tags),
      }),
    });
  } else {
    // A worker answers health, ready and its own metrics (its jobs' runs, leases, backlogs).
    server = createWorkerServer({
      health: deps.health,
      lifecycle: site,
      mount: (app) =>
        mountMetrics(app, { trustProxy: config.TRUST_PROXY, access: deps.metrics, db: deps.db }),
    });
  }
  shutdown.serve(server);
  const host = listenHost(config);
  if (identity.mode === 'emulator' && !isLoopbackHost(host)) warnExposedEmulator(host, log);
  // A burst of new connections (a sale opening, a crawler) waits in the kernel's accept queue
  // rather than being dropped and retried a second later: Node's default backlog is 511. A
  // cluster's worker listens on its own port (`exclusive`): the web processes share PORT.
  await new Promise<void>((resolve) =>
    server.listen(
      { port: config.PORT, host, backlog: LISTEN_BACKLOG, exclusive: !servesRoutes },
      resolve,
    ),
  );

  setWebhookOrigin?.(`http://127.0.0.1:${config.PORT}`);
  lifecycle.markReady();
  // A cluster's primary waits for this before it starts the web processes (runtime/cluster.ts).
  process.send?.({ type: 'ready' });
  const origin = deps.publicOrigin;
  log.info({ ms: Date.now() - started, origin, port: config.PORT }, 'marketplace ready');
  // In cluster mode the worker seeds (the web processes are told not to) and says so once.
  if (config.SEED_DEMO_DATA) printDemoAccounts(origin);
}

function printDemoAccounts(origin: string) {
  const accounts = DEMO_ACCOUNTS.map((a) => `  ${a.role.padEnd(7)} ${a.email} / ${DEMO_PASSWORD}`);
  console.log(
    `\nMarketplace on ${origin}  (admin: ${origin}/admin/, seller: ${origin}/seller/)\nDemo accounts:\n${accounts.join('\n')}\n`,
  );
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
