import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, type Role } from '@market/shared';
import {
  discoverIds,
  fuzzSeed,
  operationsOf,
  runFuzz,
  type FuzzCaller,
  type FuzzOperation,
  type KnownIds,
  type OpenApiDocument,
} from './api-fuzzer.ts';
import { buyerWith, checkout } from './checkout-fixtures.ts';
import { freshCodes, newProduct, sell, uploadKeys } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

/** Generated cases per operation and caller: a guard in every run; bench/fuzz.ts does volume. */
const CASES = Number(process.env.FUZZ_CASES ?? 3);

let t: TestServer;
let callers: FuzzCaller[];
let ops: FuzzOperation[];
let known: KnownIds;

beforeAll(async () => {
  t = await startTestServer();
  const [seller, admin] = await Promise.all([t.account('seller'), t.account('admin')]);
  // Records for the cases to reach: a product, its offer with keys, and the buyer's order.
  const productId = await newProduct(t.db);
  const offer = await sell(t, seller, productId);
  await uploadKeys(t, seller, offer.id, freshCodes(3));
  const user = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
  expect((await checkout(t, user, 'paypal')).status).toBe(201);
  const accounts: Array<[Role, TestAccount]> = [
    ['user', user],
    ['seller', seller],
    ['admin', admin],
  ];
  callers = [{ name: 'guest', token: null }];
  for (const [name, account] of accounts) {
    await t.call('POST', '/api/login', { token: account.token });
    callers.push({ name, token: account.token });
  }
  ops = operationsOf((await (await fetch(`${t.url}/api/openapi.json`)).json()) as OpenApiDocument);
  known = await discoverIds(t.url, ops, callers);
}, 60_000);
afterAll(() => t.close());

describe('the API under generated bad input', () => {
  it('answers every operation, as a guest and each role, with no 5xx, no reset and every 4xx in the error shape', async () => {
    const seed = fuzzSeed();
    const plans = ops.flatMap((op) => callers.map((caller) => ({ op, caller, cases: CASES })));
    const report = await runFuzz({ origin: t.url, plans, seed, connections: 4, known });
    const failures = report.failures.map((f) => `seed ${f.seed}: ${f.problem}\n  ${f.request}`);
    expect(failures, `FUZZ_SEED=${seed} replays this run`).toEqual([]);
    expect(report.sent).toBe(plans.length * CASES);
    expect(report.byClass['4xx']).toBeGreaterThan(report.sent / 2);
    // Node's own refusal of an overlong URL was among them, answered in the error shape.
    expect(report.byStatus[431]).toBeGreaterThan(0);
  }, 120_000);
});

describe('a refused request body', () => {
  const big = (bytes: number) => JSON.stringify({ codes: ['x'.repeat(bytes)] });
  const cases = [
    { name: 'over the limit', path: '/api/public/products/search', body: big(2 * 1024 * 1024) },
    { name: 'sent to a guarded route by a guest', path: '/api/seller/offers', body: big(500_000) },
  ];

  it.each(cases)(
    'leaves the keep-alive connection ready for the next request ($name)',
    async ({ path, body }) => {
      const agent = new Agent({ connections: 1, keepAliveTimeout: 60_000 });
      try {
        for (let i = 0; i < 3; i++) {
          const refused = await request(t.url + path, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
            dispatcher: agent,
          });
          expect(refused.statusCode).toBeGreaterThanOrEqual(400);
          expect(refused.statusCode).toBeLessThan(500);
          await refused.body.text();
          // Sent at once on the same connection: a socket closed after the answer fails here.
          const next = await request(`${t.url}/api/health`, { dispatcher: agent });
          expect(next.statusCode).toBe(200);
          await next.body.text();
        }
      } finally {
        await agent.close();
      }
    },
  );
});

describe('a request Node refuses before the app', () => {
  it('answers a URL over the header limit with 431 in the error shape', async () => {
    const res = await fetch(`${t.url}/api/health?pad=${'p'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    const body = ApiErrorSchema.parse(await res.json());
    expect(body.requestId).toBeTruthy();
  });
});
