/**
 * Freshness across instances: `node server/bench/freshness.ts` (after `source
 * scripts/bootstrap.sh`). Two marketplace processes (main.ts) on one database — the first one's
 * embedded engine, the second connected to it as to any MongoDB (`MONGODB_URI`) — each with its
 * own caches, kept in step by the change stream. `BENCH_CHANGES` (default 100) price changes are
 * made through the first; after each one answers, the second is asked for the product's prices
 * (the public API, answered from memory between writes, and the product page when the
 * storefront is built) until it shows the new one: the time that takes, p50 / p99 / max (goal:
 * p99 under 1 s). Then `BENCH_SESSIONS` (default 20) logouts and as many blocks are made through
 * the first, each followed at once by the user's next request to the second: every one must be
 * refused. Exits 1 when an invariant broke.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { ProductSalesSchema, SellerOfferSchema } from '@market/shared';
import { loadConfig } from '../src/config.ts';
import { createIdentity } from '../src/identity/firebase.ts';
import { newProduct } from '../test/fixtures.ts';
import { createAccount, type TestAccount } from '../test/harness.ts';
import {
  freePorts,
  startMarketplace,
  type MarketplaceProcess,
} from '../test/marketplace-process.ts';
import { reportResult } from './bench-result.ts';
import { startBenchEmulator } from './bench-stack.ts';
import { percentile } from './bench-util.ts';

const CHANGES = Number(process.env.BENCH_CHANGES ?? 100);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 20);
/** Longer than this, a change counts as not shown (and the figure says so). */
const GIVE_UP_MS = 10_000;

const problems: string[] = [];
const emulator = await startBenchEmulator();
const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'market-bench-fresh-')));
const started: MarketplaceProcess[] = [];
let client: MongoClient | null = null;

async function call(
  to: MarketplaceProcess,
  method: string,
  p: string,
  opts: { token?: string; cookie?: string; body?: unknown } = {},
): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: to.url };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.cookie) headers.cookie = opts.cookie;
  return fetch(to.url + p, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
}

async function ok(res: Response): Promise<unknown> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

try {
  const a = await startMarketplace({
    ports: await freePorts(),
    dataDir: dirs[0]!,
    emulatorHost: emulator.host,
    // Every user of the sessions' part signs in from this one address.
    env: { RATE_LIMITS: 'login=1000/300' },
  });
  started.push(a);
  const b = await startMarketplace({
    ports: await freePorts(),
    dataDir: dirs[1]!,
    emulatorHost: emulator.host,
    env: { MONGODB_URI: a.mongoUri },
  });
  started.push(b);
  client = await new MongoClient(a.mongoUri).connect();
  const db = client.db('marketplace');
  const identity = createIdentity(loadConfig({ NODE_ENV: 'test' }), emulator.host);
  const stack = { db, identity, emulatorHost: emulator.host };
  const run = Date.now().toString(36);

  // One product, one offer with keys in stock, its prices read from the second instance.
  const seller = await createAccount(stack, 'seller', `fresh-seller-${run}`);
  const productId = await newProduct(db, { name: `Fresh ${run}`, brand: 'Bench' });
  const offer = SellerOfferSchema.parse(
    await ok(
      await call(a, 'POST', '/api/seller/offers', {
        token: seller.token,
        body: { productId, prices: { eur: 1000 } },
      }),
    ),
  );
  await ok(
    await call(a, 'POST', `/api/seller/offers/${offer.id}/keys`, {
      token: seller.token,
      body: { codes: Array.from({ length: 3 }, (_, i) => `FRESH-${run}-${i}`.toUpperCase()) },
    }),
  );
  const apiPrice = async () => {
    const res = await call(b, 'POST', '/api/public/products/info-multiple-sales', {
      body: { productIdList: [productId], currency: 'eur' },
    });
    return ProductSalesSchema.array().parse(await ok(res))[0]?.prices.eur?.min;
  };
  // The product page, when the storefront is built and shows the price as "12.34".
  const pageShows = async (cents: number) => {
    const res = await fetch(`${b.url}/product/${productId}`);
    return res.ok && (await res.text()).includes((cents / 100).toFixed(2));
  };
  await apiPrice();
  const withPage = await pageShows(1000);
  console.log(
    withPage
      ? 'measuring the public API and the product page'
      : 'measuring the public API (the product page does not show the price: storefront not built?)',
  );

  /** Asks until `shows` is true: the time from `since` to the answer that showed it (null: never). */
  const until = async (since: number, shows: () => Promise<boolean>) => {
    while (performance.now() - since < GIVE_UP_MS)
      if (await shows()) return performance.now() - since;
    return null;
  };
  const apiLags: number[] = [];
  const pageLags: number[] = [];
  let notShown = 0;
  for (let i = 0; i < CHANGES; i++) {
    const eur = 1001 + i;
    // The second instance has the old price in memory before each change.
    await apiPrice();
    if (withPage) await pageShows(eur - 1);
    await ok(
      await call(a, 'PUT', `/api/seller/offers/${offer.id}`, {
        token: seller.token,
        body: { prices: { eur } },
      }),
    );
    const changed = performance.now();
    const [api, page] = await Promise.all([
      until(changed, async () => (await apiPrice()) === eur),
      withPage ? until(changed, () => pageShows(eur)) : 0,
    ]);
    if (api === null || page === null) notShown++;
    apiLags.push(api ?? GIVE_UP_MS);
    if (withPage) pageLags.push(page ?? GIVE_UP_MS);
  }
  const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
  const report = (what: string, xs: number[]) => {
    const lags = sorted(xs);
    const p50 = percentile(lags, 50);
    const p99 = percentile(lags, 99);
    console.log(
      `${CHANGES} price changes through one instance, ${what} of the other: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${lags[lags.length - 1]!.toFixed(1)} ms`,
    );
    reportResult({ name: `price on the other instance's ${what} p50`, figure: p50, unit: 'ms' });
    reportResult({
      name: `price on the other instance's ${what} p99`,
      figure: p99,
      unit: 'ms',
      goal: { max: 1000 },
    });
  };
  report('API answer', apiLags);
  if (withPage) report('product page', pageLags);
  if (notShown) problems.push(`${notShown} price changes not shown within ${GIVE_UP_MS} ms`);

  // Logouts and blocks through the first instance, the user's next request to the second.
  const sessionCookie = async (token: string) => {
    const res = await call(a, 'POST', '/api/login', { token });
    await ok(res);
    return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  };
  const admin = await createAccount(stack, 'admin', `fresh-admin-${run}`);
  const users: TestAccount[] = [];
  for (let i = 0; i < 2 * SESSIONS; i++)
    users.push(await createAccount(stack, 'user', `fresh-user-${run}-${i}`));
  const cookies = await Promise.all(users.map((u) => sessionCookie(u.token)));
  for (const cookie of cookies) await ok(await call(b, 'GET', '/api/cart/get', { cookie }));
  // Revocation has whole-second resolution: sessions signed in this second would still count.
  await new Promise((r) => setTimeout(r, 1100));
  let admitted = 0;
  for (let i = 0; i < 2 * SESSIONS; i++) {
    const cookie = cookies[i]!;
    if (i < SESSIONS) await ok(await call(a, 'POST', '/api/logout', { cookie }));
    else
      await ok(
        await call(a, 'POST', '/api/admin/users/edit', {
          token: admin.token,
          body: { userId: users[i]!.uid, blocked: true },
        }),
      );
    const next = await call(b, 'GET', '/api/cart/get', { cookie });
    await next.body?.cancel();
    if (next.status < 400) admitted++;
  }
  console.log(
    `${SESSIONS} logouts and ${SESSIONS} blocks through one instance: ${admitted} next requests to the other admitted`,
  );
  reportResult({
    name: 'ended sessions admitted by the other instance',
    figure: admitted,
    unit: 'count',
    goal: { max: 0 },
  });
  if (admitted) problems.push(`${admitted} ended sessions admitted at their next request`);
  await identity.close();
} finally {
  await client?.close();
  for (const p of started.reverse()) await p.kill();
  await emulator.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}

if (problems.length) {
  console.error(`FAILED:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
