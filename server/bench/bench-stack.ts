/**
 * The app as `npm start` runs it (embedded engine on its own thread, indexes, reference data),
 * on a free port with a temporary data directory, for the benchmarks. Not a benchmark itself.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { MongoClient, type Db } from 'mongodb';
import pino from 'pino';
import { buildAppDeps } from '../src/app-deps.ts';
import { createApp } from '../src/app.ts';
import { createContainer, type Container } from '../src/container.ts';
import { createApiServer, createHttpServer } from '../src/http-server.ts';
import type { KeyVault } from '../src/modules/keys/key-vault.ts';
import { securityHeaders } from '../src/lib/security-headers.ts';
import { loadConfig } from '../src/config.ts';
import { startEmbeddedMongoThread } from '@market/embedded-mongo';
import { ensureIndexes } from '../src/db/indexes.ts';
import { startAuthEmulator } from '../src/identity/auth-emulator.ts';
import { createIdentity, type Identity } from '../src/identity/firebase.ts';
import { createLogger } from '../src/logger.ts';
import { ensureReferenceData } from '../src/seed/seed.ts';
import { percentile } from './bench-util.ts';

export type BenchStack = {
  url: string;
  db: Db;
  identity: Identity;
  /** The app's services, for the work that has no route of its own (jobs, syncs). */
  container: Container;
  /** The app's key vault (demo data encrypts its keys with it). */
  vault: KeyVault;
  close(): Promise<void>;
};

/**
 * Starts engine and app. Without `emulatorHost` the identity points at an address nobody
 * listens on: enough for public routes, which never verify a token when none is sent. `env`
 * adds configuration variables (the suppliers' URLs, say), as the environment would. With
 * `storefront` the built storefront's pages are served too, through main.ts's HTTP server.
 */
export async function startBenchStack(
  emulatorHost?: string,
  env: Record<string, string> = {},
  opts: { storefront?: boolean } = {},
): Promise<BenchStack> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-bench-'));
  const engine = await startEmbeddedMongoThread({
    port: 0,
    dataDir: path.join(dataDir, 'mongo'),
  });
  const client = await new MongoClient(engine.uri).connect();
  const db = client.db('bench');
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env });
  const identity = createIdentity(config, emulatorHost ?? '127.0.0.1:9');
  const log = createLogger('silent');
  const deps = buildAppDeps({ config, db, identity, log, databaseMode: 'embedded' });
  const container = createContainer(deps);
  await ensureIndexes(db, container.indexes);
  await container.categories.ensureDefaults();
  await ensureReferenceData(db);
  const app = createApp(container);
  const server = (
    opts.storefront
      ? await createHttpServer(app.fetch, log, {
          ...deps,
          headers: securityHeaders({ production: false, clientConfig: deps.clientConfig }),
          storefront: true,
          identity: identity.mode,
        })
      : createApiServer(app.fetch)
  ).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  // The storefront renders from this app's API, as main.ts has it.
  if (opts.storefront) process.env.API_ORIGIN = `http://127.0.0.1:${port}`;
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    identity,
    container,
    vault: deps.vault,
    async close() {
      // autocannon may leave keep-alive sockets open.
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await client.close();
      await engine.close();
      await identity.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type BenchEmulator = { host: string; close(): Promise<void> };

/**
 * The Firebase Auth emulator the benchmarks sign in through, on `BENCH_AUTH_EMULATOR_PORT`
 * (default 9425), its data in a temporary directory that `close` removes.
 */
export async function startBenchEmulator(): Promise<BenchEmulator> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-bench-auth-'));
  const emulator = await startAuthEmulator({
    port: Number(process.env.BENCH_AUTH_EMULATOR_PORT ?? 9425),
    projectId: 'demo-marketplace',
    dir,
    persist: false,
    log: pino({ level: 'warn' }),
  });
  return {
    host: emulator.host,
    async close() {
      await emulator.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type LoadResult = { label: string; rps: number; p99: number; errors: number };

/**
 * Load with autocannon in a worker thread, so the load generator does not share the event
 * loop of the server it measures. Errors: non-2xx answers, failed connections and timeouts
 * (10 s, autocannon's default).
 */
export async function load(
  label: string,
  url: string,
  opts: {
    method?: 'GET' | 'POST';
    body?: unknown;
    connections?: number;
    duration?: number;
    /** Sent with every request (a Bearer token or a session cookie, say). */
    headers?: Record<string, string>;
  } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    method: opts.method ?? 'GET',
    connections: opts.connections ?? 50,
    duration: opts.duration ?? 10,
    workers: 1,
    headers: {
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return {
    label,
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export type LoadTarget = { label: string; url: string } & Parameters<typeof load>[2];
export type ComparedLoad = LoadResult & {
  /** Median over the rounds of this target's requests/s over the first target's in that round. */
  vsFirst: number;
};

/**
 * The targets loaded in turn, `rounds` times, `seconds` each: the machine is shared and its load
 * drifts over minutes, so a ratio of two loads taken far apart mostly measures the drift. Here
 * each round compares the targets a few seconds apart, and the ratio is the median of the
 * rounds'. Requests/s and p99 are the medians of the rounds'; errors add up.
 */
export async function compareLoads(
  targets: LoadTarget[],
  { rounds = 3, seconds = 3 }: { rounds?: number; seconds?: number } = {},
): Promise<ComparedLoad[]> {
  const runs: LoadResult[][] = targets.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, { label, url, ...opts }] of targets.entries()) {
      process.stdout.write(`round ${round + 1}/${rounds}: ${label} for ${seconds} s…\n`);
      runs[i]!.push(await load(label, url, { ...opts, duration: seconds }));
    }
  }
  const median = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  return runs.map((results, i) => ({
    label: targets[i]!.label,
    rps: median(results.map((r) => r.rps)),
    p99: median(results.map((r) => r.p99)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    vsFirst: median(results.map((r, round) => r.rps / runs[0]![round]!.rps)),
  }));
}
