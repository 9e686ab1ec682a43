import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MongoClient, type Db, type IndexDescription } from 'mongodb';
import { inject } from 'vitest';
import type { Role } from '@market/shared';
import type { SellerDoc } from '../src/modules/sellers/sellers.repository.ts';
import { buildAppDeps } from '../src/app-deps.ts';
import { createApp } from '../src/app.ts';
import { createContainer, type Container } from '../src/container.ts';
import { createHttpServer } from '../src/http-server.ts';
import { securityHeaders } from '../src/lib/security-headers.ts';
import { loadConfig } from '../src/config.ts';
import { startEmbeddedMongo } from '@market/embedded-mongo';
import { ensureIndexes } from '../src/db/indexes.ts';
import { captureQueries } from './index-audit/capture.ts';
import { createIdentity, type Identity } from '../src/identity/firebase.ts';
import { connectAwin, type AwinConnection } from '../src/integrations/awin/awin.ts';
import {
  AWIN_SANDBOX_ADVERTISER_ID,
  AWIN_SANDBOX_API_KEY,
  startAwinSandbox,
} from '../src/sandboxes/awin/index.ts';
import { createLogger } from '../src/logger.ts';
import { watchChangeStream } from '../src/page-cache/page-invalidation.ts';
import { startPaymentSandboxes, type PaymentSandboxes } from '../src/sandboxes/payments.ts';
import type { KeyVault } from '../src/modules/keys/key-vault.ts';
import { ensureReferenceData } from '../src/seed/seed.ts';

export type TestAccount = { uid: string; email: string; token: string; sellerId: string | null };

export type CallOptions = { token?: string; body?: unknown; cookie?: string; origin?: string };

export type TestServer = {
  url: string;
  db: Db;
  identity: Identity;
  /** The app's key vault, to check what the keys collection stores. */
  vault: KeyVault;
  /** The app's repositories and services (placing orders and the jobs have no route of their own). */
  container: Container;
  /** Where its database is: another server started `sameDatabaseAs` this one uses it too. */
  database: { uri: string; name: string };
  /** The local PayPal and Checkout.com sandboxes the app's payment clients talk to. */
  paymentSandboxes: PaymentSandboxes;
  emulatorHost: string;
  /** The Awin client and its local sandbox (`sandbox.url` + `/__received` lists the calls). */
  awin: AwinConnection;
  /** A fresh verified account with that role (a seller gets an approved shop) and its ID token. */
  account(role: Role): Promise<TestAccount>;
  /** An ID token for a fresh verified account with the given role. */
  tokenFor(role: Role): Promise<string>;
  /** Signs in through the emulator's REST API, as the browser SDK would, and returns the ID token. */
  signIn(email: string, password: string): Promise<string>;
  /** A JSON request to the app, as a browser or console sends it (Bearer token, cookie, origin). */
  call(method: string, path: string, opts?: CallOptions): Promise<Response>;
  close(): Promise<void>;
};

/**
 * The real stack for API tests: the embedded engine (or MONGODB_URI, in a database of its own)
 * through the official driver, the shared Auth emulator, and the app on a real HTTP port.
 * `env` adds configuration variables (as the environment would) for a test that needs them;
 * `storefront` serves the built storefront pages too, through main.ts's HTTP server.
 */
export async function startTestServer(
  options: {
    env?: Record<string, string>;
    storefront?: boolean;
    /** The Auth emulator's address, when not the shared one (a proxy in front of it, say). */
    emulatorHost?: string;
    /** How long a request may take to arrive (http-server.ts `REQUEST_TIMEOUT_MS`). */
    requestTimeoutMs?: number;
    /**
     * A second instance: its own client, app and caches on that server's database, as another
     * process would be (the first one closes the database).
     */
    sameDatabaseAs?: TestServer;
    /** Follows the change stream as main.ts does: other instances' writes drop its caches. */
    changeStream?: boolean;
    /** The price history's clock (ContainerOptions.clock), to simulate days. */
    clock?: () => Date;
  } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-test-'));
  const external = process.env.MONGODB_URI;
  const shared = options.sameDatabaseAs?.database;
  const engine = external || shared ? null : await startEmbeddedMongo({ port: 0, dataDir });
  const uri = shared?.uri ?? external ?? engine!.uri;
  // Command monitoring feeds the index audit (test/index-audit/): every query the app sends is
  // checked against the indexes the container declares.
  let declaredIndexes: Record<string, IndexDescription[]> = {};
  const client = new MongoClient(uri, { monitorCommands: true });
  captureQueries(client, () => declaredIndexes);
  await client.connect();
  const db = client.db(shared?.name ?? `test_${path.basename(dataDir).replace(/\W/g, '')}`);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...options.env });
  const emulatorHost = options.emulatorHost ?? inject('authEmulatorHost');
  const identity = createIdentity(config, emulatorHost);
  const log = createLogger('silent');
  // Started here, as the entry point starts it (the Awin client never loads a sandbox).
  const awinSandbox = await startAwinSandbox({ port: 0 });
  const awin = await connectAwin(config, log, {
    url: awinSandbox.url,
    advertiserId: AWIN_SANDBOX_ADVERTISER_ID,
    apiKey: AWIN_SANDBOX_API_KEY,
  });
  const paymentSandboxes = await startPaymentSandboxes({
    which: { paypal: true, checkout: true },
    port: 0,
    dir: path.join(dataDir, 'payments'),
  });
  const deps = buildAppDeps({
    config,
    db,
    identity,
    log,
    databaseMode: external ? 'external' : 'embedded',
    paymentSandboxUrls: paymentSandboxes.urls,
    awin: awin.client,
  });
  // The same container as main.ts's: tests that drive a service reach the app's own.
  const container = createContainer(deps, options.clock ? { clock: options.clock } : {});
  declaredIndexes = container.indexes;
  await ensureIndexes(db, container.indexes);
  await container.categories.ensureDefaults();
  await ensureReferenceData(db);
  const app = createApp(container);
  const stopWatch = options.changeStream
    ? await watchChangeStream(db, deps.pageCache.changes, log)
    : null;
  const server = (
    await createHttpServer(app.fetch, log, {
      ...deps,
      headers: securityHeaders({
        production: config.NODE_ENV === 'production',
        clientConfig: deps.clientConfig,
      }),
      storefront: options.storefront ?? false,
      requestTimeoutMs: options.requestTimeoutMs,
      identity: identity.mode,
    })
  ).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;

  const url = `http://127.0.0.1:${port}`;
  // The storefront (when served) renders from this app's API, as main.ts has it.
  if (options.storefront) process.env.API_ORIGIN = url;
  paymentSandboxes.setWebhookOrigin(url);
  const signIn = (email: string, password: string) =>
    signInWithPassword(emulatorHost, email, password);
  let n = 0;
  const account = (role: Role) =>
    createAccount(
      { db, identity, emulatorHost },
      role,
      `${role}-${process.pid}-${Date.now()}-${n++}`,
    );

  return {
    url,
    // The app's own Db: a test's direct writes drop cached pages and session states as the
    // app's writes do.
    db: deps.db,
    identity,
    vault: deps.vault,
    container,
    database: { uri, name: db.databaseName },
    paymentSandboxes,
    emulatorHost,
    awin,
    account,
    tokenFor: async (role) => (await account(role)).token,
    signIn,
    call(method, path, opts = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      if (opts.cookie) headers.cookie = opts.cookie;
      if (opts.origin) headers.origin = opts.origin;
      return fetch(url + path, {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      });
    },
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await stopWatch?.();
      await paymentSandboxes.close();
      if (external && !shared) await db.dropDatabase();
      await client.close();
      await engine?.close();
      await identity.close();
      await awin.close();
      await awinSandbox.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the emulator's REST API, as the browser SDK would, and returns the ID token. */
export async function signInWithPassword(
  emulatorHost: string,
  email: string,
  password: string,
): Promise<string> {
  const res = await fetch(
    `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=test`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.idToken;
}

/**
 * A fresh verified account `<name>@test.example` with that role, signed in; a seller gets an
 * approved shop. Used by the test server and the benchmarks, which run the same stack.
 */
export async function createAccount(
  stack: { db: Db; identity: Identity; emulatorHost: string },
  role: Role,
  name: string,
): Promise<TestAccount> {
  const email = `${name}@test.example`;
  const { uid } = await stack.identity.auth.createUser({
    email,
    password: 'secret123',
    emailVerified: true,
  });
  const sellerId = role === 'seller' ? `shop-${uid.slice(0, 8).toLowerCase()}` : null;
  await stack.identity.auth.setCustomUserClaims(uid, sellerId ? { role, sellerId } : { role });
  if (sellerId) {
    await stack.db.collection<SellerDoc>('sellers').insertOne({
      _id: sellerId,
      uid,
      email,
      name: sellerId,
      registrationName: `${sellerId} Ltd`,
      vatNumber: 'IT01234567890',
      image: null,
      status: 'approved',
      statusReason: null,
      createdAt: new Date(),
      decidedAt: new Date(),
    });
  }
  return {
    uid,
    email,
    sellerId,
    token: await signInWithPassword(stack.emulatorHost, email, 'secret123'),
  };
}
