/**
 * A rolling deploy under load: `node server/bench/rolling-deploy.ts` (after
 * `source scripts/bootstrap.sh`; as root it installs Debian's haproxy if it is missing).
 *
 * What runs, all on loopback: one embedded engine and the offline stand-ins (payment sandboxes,
 * the Auth emulator) started here, as cluster mode's primary starts them; a worker (ROLE=worker)
 * and three web instances (ROLE=web), each main.ts in its own process on its own port; HAProxy in
 * front of the three, checking `GET /api/ready` every second (two failures out, two successes
 * in), retrying connection failures elsewhere, as `deploy/haproxy.cfg` does.
 *
 * The load: `BENCH_CONNECTIONS` (50) clients at once through HAProxy, each looping over the
 * storefront (home, a category page), public API calls (categories, health) and, every
 * `BENCH_CHECKOUT_EVERY` (4th) round, a whole checkout: add to cart, `POST /api/user/checkout`,
 * approval on the PayPal sandbox's page, `POST …/complete`. While it runs each web instance is
 * restarted in turn: SIGTERM (it answers 503 on /api/ready and keeps serving for
 * SHUTDOWN_GRACE_SECONDS, then drains), wait for its exit, start it again, wait until HAProxy
 * sends it traffic again. Every answer is counted: a 5xx, a reset, a refused connection or any
 * other transport error is a failed request (goal: 0). A checkout refused for business reasons
 * (a 4xx) is not a failure of the deploy but is reported.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import { Agent, request } from 'undici';
import { CheckoutStartedSchema, SellerOfferSchema, transactionId } from '@market/shared';
import { loadConfig } from '../src/config.ts';
import { createIdentity } from '../src/identity/firebase.ts';
import { LIMIT_NAMES } from '../src/lib/rate-limit-config.ts';
import { createLogger } from '../src/logger.ts';
import { offlineServicesEnv, startOfflineServices } from '../src/runtime/offline-services.ts';
import { newProduct } from '../test/fixtures.ts';
import { createAccount, type TestAccount } from '../test/harness.ts';
import { freePort } from '../test/marketplace-process.ts';
import { clickButton } from '../test/payments-helpers.ts';
import { reportResult } from './bench-result.ts';
import { startBenchEmulator } from './bench-stack.ts';
import { percentile } from './bench-util.ts';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const CHECKOUT_EVERY = Number(process.env.BENCH_CHECKOUT_EVERY ?? 4);
const WEB_INSTANCES = 3;
const GRACE_SECONDS = Number(process.env.BENCH_GRACE_SECONDS ?? 5);
/** Load before the first restart and after the last instance is back. */
const SETTLE_MS = 5_000;

async function ensureHaproxy(): Promise<string> {
  const find = () =>
    ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'].find((p) =>
      fs.existsSync(p),
    );
  const found = find();
  if (found) return found;
  if (process.getuid?.() !== 0)
    throw new Error('haproxy is not installed (apt-get install haproxy)');
  console.log('installing haproxy (apt-get install -y haproxy)…');
  const code = await new Promise<number | null>((resolve) =>
    spawn('apt-get', ['install', '-y', 'haproxy'], { stdio: 'ignore' }).on('exit', resolve),
  );
  const installed = find();
  if (code !== 0 || !installed) throw new Error(`apt-get install haproxy exited ${code}`);
  return installed;
}

const haproxyBin = await ensureHaproxy();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-roll-'));
const log = createLogger('warn');
const children = new Set<ChildProcess>();
const cleanups: Array<() => Promise<unknown>> = [];
const cleanup = async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
};

try {
  const emulator = await startBenchEmulator();
  cleanups.push(() => emulator.close());
  // The shared engine and stand-ins, started once here as cluster mode's primary does.
  const { startEmbeddedMongoThread } = await import('@market/embedded-mongo');
  const engine = await startEmbeddedMongoThread({
    host: '127.0.0.1',
    port: await freePort(),
    dataDir: path.join(dataDir, 'mongo'),
    localSocket: true,
  });
  cleanups.push(() => engine.close());
  const mongoUri = `${engine.uri.replace(/\/?$/, '/')}?directConnection=true`;
  const lbPort = await freePort();
  const lbUrl = `http://127.0.0.1:${lbPort}`;
  const baseConfig = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PAYMENT_SANDBOX_PORT: '0',
    SUPPLIER_SANDBOX_PORT: '0',
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
  });
  const services = await startOfflineServices(baseConfig, log);
  cleanups.push(() => services.close());
  // Payment webhooks arrive through the load balancer, as the providers' would.
  services.setWebhookOrigin(lbUrl);

  const env = (role: 'web' | 'worker', port: number): NodeJS.ProcessEnv => ({
    ...process.env,
    NODE_ENV: 'test',
    ROLE: role,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    MONGODB_URI: mongoUri,
    PUBLIC_ORIGIN: `http://localhost:${lbPort}`,
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    ...offlineServicesEnv(services),
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    FAILPOINTS: '',
    // HAProxy appends the bench's address after the buyer's own (X-Forwarded-For).
    TRUST_PROXY: '2',
    SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
    SHUTDOWN_DRAIN_SECONDS: '15',
    // The load is 50 clients from a few addresses: the abuse limits are not what is measured.
    RATE_LIMITS: LIMIT_NAMES.map((name) => `${name}=1000000/60`).join(','),
  });
  const stderr = new Map<number, string>();
  const startInstance = async (role: 'web' | 'worker', port: number) => {
    const child = spawn(process.execPath, [MAIN], {
      env: env(role, port),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.add(child);
    child.once('exit', () => children.delete(child));
    child.stderr!.on('data', (chunk: Buffer) =>
      stderr.set(port, ((stderr.get(port) ?? '') + chunk.toString()).slice(-5_000)),
    );
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`${role} exited:\n${stderr.get(port)}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return child;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${role} on ${port} never became ready:\n${stderr.get(port)}`);
  };

  // The worker first: it prepares the database (indexes, migrations) before the web instances.
  await startInstance('worker', await freePort());
  const webPorts = await Promise.all(Array.from({ length: WEB_INSTANCES }, () => freePort()));
  const web = new Map<number, ChildProcess>();
  for (const port of webPorts) web.set(port, await startInstance('web', port));

  const statsPort = await freePort();
  const cfg = path.join(dataDir, 'haproxy.cfg');
  fs.writeFileSync(
    cfg,
    `global
  maxconn 4096
defaults
  mode http
  option forwardfor
  timeout connect 5s
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 60s
  timeout http-request 30s
  timeout check 5s
  retries 3
  retry-on conn-failure
  option redispatch 1
frontend shop
  bind 127.0.0.1:${lbPort}
  default_backend web
frontend stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
backend web
  balance leastconn
  option httpchk
  http-check send meth GET uri /api/ready
  http-check expect status 200
  default-server check inter 1s fall 2 rise 2
${webPorts.map((port, i) => `  server web${i + 1} 127.0.0.1:${port}`).join('\n')}
`,
  );
  const haproxy = spawn(haproxyBin, ['-f', cfg, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
  children.add(haproxy);
  let haproxyErr = '';
  haproxy.stderr!.on(
    'data',
    (c: Buffer) => (haproxyErr = (haproxyErr + c.toString()).slice(-5000)),
  );
  /** Each web server's state as HAProxy sees it (its CSV stats). */
  const upServers = async () => {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
    return csv
      .split('\n')
      .filter((line) => line.startsWith('web,web'))
      .filter((line) => line.split(',')[17] === 'UP')
      .map((line) => line.split(',')[1]!);
  };
  const waitUp = async (count: number, name?: string) => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const up = await upServers().catch((): string[] => []);
      if (up.length >= count && (!name || up.includes(name))) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`HAProxy never saw ${name ?? count} up:\n${haproxyErr}`);
  };
  await waitUp(WEB_INSTANCES);
  console.log(`haproxy on ${lbUrl}: ${WEB_INSTANCES} web instances up`);

  // The shop: one seller's offer with plenty of keys, one buyer per connection.
  const client = await new MongoClient(mongoUri).connect();
  cleanups.push(() => client.close());
  const db = client.db('marketplace');
  const identity = createIdentity(baseConfig, emulator.host);
  cleanups.push(() => identity.close());
  const stack = { db, identity, emulatorHost: emulator.host };
  const run = Date.now().toString(36);
  const pool = new Agent({ connections: CONNECTIONS, keepAliveTimeout: 30_000 });
  cleanups.push(() => pool.close());
  let address = 0;
  const json = async (account: TestAccount | null, method: string, p: string, body?: unknown) => {
    const res = await request(lbUrl + p, {
      method: method as 'POST',
      dispatcher: pool,
      headers: {
        ...(account ? { authorization: `Bearer ${account.token}` } : {}),
        'content-type': 'application/json',
        // Each checkout from an address of its own, as real buyers' are (fraud velocity rules).
        'x-forwarded-for': `10.${(++address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.statusCode, body: (await res.body.json()) as unknown };
  };
  const seller = await createAccount(stack, 'seller', `roll-seller-${run}`);
  const productId = await newProduct(db, { name: `Roll ${run}`, brand: 'Bench' });
  const created = await json(seller, 'POST', '/api/seller/offers', {
    productId,
    prices: { eur: 999 },
  });
  const offer = SellerOfferSchema.parse(created.body);
  const keys = await json(seller, 'POST', `/api/seller/offers/${offer.id}/keys`, {
    codes: Array.from({ length: 5_000 }, (_, i) => `ROLL-${run}-${i}`.toUpperCase()),
  });
  if (keys.status >= 300) throw new Error(`keys: ${keys.status} ${JSON.stringify(keys.body)}`);
  const buyers = await Promise.all(
    Array.from({ length: CONNECTIONS }, (_, i) => createAccount(stack, 'user', `roll-${run}-${i}`)),
  );

  type Outcome = { kind: string; ms: number; status: number; error?: string };
  const outcomes: Outcome[] = [];
  const failures: Outcome[] = [];
  let checkoutsDone = 0;
  let checkoutsRefused = 0;
  /** One request through HAProxy, counted. */
  const hit = async (
    kind: string,
    p: string,
    opts: { method?: 'GET' | 'POST'; body?: unknown; account?: TestAccount } = {},
  ) => {
    const t0 = performance.now();
    try {
      const res = await request(lbUrl + p, {
        method: opts.method ?? 'GET',
        dispatcher: pool,
        headers: {
          ...(opts.account ? { authorization: `Bearer ${opts.account.token}` } : {}),
          ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
          'x-forwarded-for': `10.${(++address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
        },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      });
      const text = await res.body.text();
      const outcome = { kind, ms: performance.now() - t0, status: res.statusCode };
      outcomes.push(outcome);
      if (res.statusCode >= 500) failures.push({ ...outcome, error: text.slice(0, 200) });
      return { status: res.statusCode, text };
    } catch (err) {
      const e = err as Error & { code?: string; cause?: { code?: string } };
      const outcome = {
        kind,
        ms: performance.now() - t0,
        status: 0,
        error: e.code ?? e.cause?.code ?? e.message,
      };
      outcomes.push(outcome);
      failures.push(outcome);
      return { status: 0, text: '' };
    }
  };
  const checkout = async (buyer: TestAccount) => {
    const added = await hit('cart', '/api/cart/addToCart', {
      method: 'POST',
      account: buyer,
      body: {
        transactionId: transactionId(),
        products: [{ productId, sellerId: seller.sellerId, quantity: 1 }],
      },
    });
    if (added.status !== 200) return void checkoutsRefused++;
    const started = await hit('checkout', '/api/user/checkout', {
      method: 'POST',
      account: buyer,
      body: { provider: 'paypal', currency: 'eur', locale: 'en' },
    });
    if (started.status !== 201) return void checkoutsRefused++;
    const { orderId, approvalUrl } = CheckoutStartedSchema.parse(JSON.parse(started.text));
    await clickButton(approvalUrl, 'Pay now');
    const done = await hit('checkout complete', `/api/user/checkout/${orderId}/complete`, {
      method: 'POST',
      account: buyer,
      body: { cancelled: false },
    });
    if (done.status === 200) checkoutsDone++;
    else checkoutsRefused++;
  };
  let loading = true;
  const clients = buyers.map(async (buyer, i) => {
    for (let round = i; loading; round++) {
      await hit('home page', '/');
      await hit('category page', '/category/games');
      await hit('api: categories', '/api/public/categories/get', {
        method: 'POST',
        body: { locale: 'en' },
      });
      await hit('api: health', '/api/health');
      if (round % CHECKOUT_EVERY === 0) await checkout(buyer).catch(() => checkoutsRefused++);
    }
  });

  // The roll: each web instance in turn, while the load runs.
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const rollStarted = performance.now();
  const restarts: Array<{ name: string; stopMs: number; backMs: number }> = [];
  for (const [i, port] of webPorts.entries()) {
    const name = `web${i + 1}`;
    const old = web.get(port)!;
    const t0 = performance.now();
    const exited = new Promise((r) => old.once('exit', r));
    old.kill('SIGTERM');
    await exited;
    const stopMs = performance.now() - t0;
    web.set(port, await startInstance('web', port));
    await waitUp(WEB_INSTANCES, name);
    restarts.push({ name, stopMs, backMs: performance.now() - t0 });
    console.log(
      `${name}: stopped in ${(stopMs / 1000).toFixed(1)} s, back in rotation after ${((performance.now() - t0) / 1000).toFixed(1)} s; ${failures.length} failed requests so far`,
    );
  }
  const rollSecs = (performance.now() - rollStarted) / 1000;
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  loading = false;
  await Promise.all(clients);

  const byKind = new Map<string, Outcome[]>();
  for (const o of outcomes) byKind.set(o.kind, [...(byKind.get(o.kind) ?? []), o]);
  const lines = [...byKind].map(([kind, list]) => {
    const ms = list.map((o) => o.ms).sort((a, b) => a - b);
    const failed = list.filter((o) => o.status === 0 || o.status >= 500).length;
    return `  ${kind.padEnd(18)} ${String(list.length).padStart(6)} requests, ${failed} failed, p50 ${Math.round(percentile(ms, 50))} ms, p99 ${Math.round(percentile(ms, 99))} ms`;
  });
  const errorKinds = failures.reduce<Record<string, number>>((acc, f) => {
    const key = f.status ? `HTTP ${f.status}` : (f.error ?? 'error');
    return { ...acc, [key]: (acc[key] ?? 0) + 1 };
  }, {});
  console.log(`
Rolling deploy under load: ${WEB_INSTANCES} web instances behind HAProxy ${haproxyBin.split('/').pop()}, ${CONNECTIONS} connections, grace ${GRACE_SECONDS} s
  roll              ${rollSecs.toFixed(1)} s for ${WEB_INSTANCES} restarts (${restarts.map((r) => `${r.name} ${(r.backMs / 1000).toFixed(1)} s`).join(', ')})
  requests          ${outcomes.length} in all, ${failures.length} failed (${JSON.stringify(errorKinds)})
${lines.join('\n')}
  checkouts         ${checkoutsDone} paid and completed, ${checkoutsRefused} refused (4xx)
`);
  for (const f of failures.slice(0, 10)) console.log(`FAILED ${f.kind}: ${f.status} ${f.error}`);
  reportResult({
    name: 'failed requests during a rolling deploy (5xx, reset, refused)',
    figure: failures.length,
    unit: 'count',
    goal: { max: 0 },
  });
  reportResult({ name: 'requests served during the roll', figure: outcomes.length, unit: 'count' });
  reportResult({
    name: 'checkouts completed during the roll',
    figure: checkoutsDone,
    unit: 'count',
  });
  await cleanup();
  process.exit(failures.length ? 1 : 0);
} catch (err) {
  console.error(err);
  await cleanup();
  process.exit(1);
}
