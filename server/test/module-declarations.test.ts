import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createRateLimits } from '../src/middleware/rate-limit.ts';
import { createLogger } from '../src/logger.ts';
import { shopJobs } from '../src/runtime/job-list.ts';
import { gatherIndexes, gatherRoutes } from '../src/runtime/modules.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { servedApiRoutes } from './served-routes.ts';

/*
 * A module declares everything it brings (`<module>.module.ts`, listed once in container.ts):
 * its collections' indexes, its routes, its migrations, its jobs and change listeners. What is
 * still wired outside a module is named here; these lists only shrink. A new collection or
 * router goes into its module's declaration, not into container.ts's or app.ts's lists.
 */

/**
 * Collections whose indexes container.ts still lists itself: the abuse limits' shared counters
 * (middleware, no module's), and what is not yet moved.
 */
const INDEXES_NOT_YET_IN_A_MODULE = new Set<string>([
  'rateLimits',
]);

/**
 * Routers app.ts still mounts itself, by their first two path segments under /api: the API's
 * documentation (of every module's routes, so mounted after them), and what is not yet moved.
 */
const ROUTERS_NOT_YET_IN_A_MODULE = new Set<string>([
  '/api/docs',
  '/api/docs/assets',
  '/api/openapi.json',
]);

/** `/api/admin/brands/:id` → `/api/admin/brands`; `/api/health` stays itself. */
const routerOf = (route: string) => route.split(' ')[1]!.split('/').slice(0, 4).join('/');

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('modules declare what they bring', () => {
  it('mounts every API route from a module declaration, but for the routers not yet moved', () => {
    const limit = createRateLimits(t.db, loadConfig({ NODE_ENV: 'test' }).RATE_LIMITS);
    const declared = new Set(
      gatherRoutes(t.container.modules, { limit }).flatMap((r) =>
        r.registered.map((x) => `${x.method.toUpperCase()} /api${x.path}`),
      ),
    );
    const served = servedApiRoutes(t);
    // Every route a module declares is served.
    expect([...declared].filter((r) => !served.has(r))).toEqual([]);
    const elsewhere = [...served].filter((r) => !declared.has(r));
    const routers = [...new Set(elsewhere.map(routerOf))].sort();
    // A router wired in app.ts that is not on the list: declare it in its module instead.
    expect(routers.filter((r) => !ROUTERS_NOT_YET_IN_A_MODULE.has(r))).toEqual([]);
    // The list only shrinks: a router moved into its module leaves it.
    expect([...ROUTERS_NOT_YET_IN_A_MODULE].filter((r) => !routers.includes(r))).toEqual([]);
  });

  it('ensures every collection’s indexes from a module declaration, but for those not yet moved', async () => {
    const declared = gatherIndexes(t.container.modules);
    const elsewhere = Object.keys(t.container.indexes)
      .filter((c) => !(c in declared))
      .sort();
    expect(elsewhere.filter((c) => !INDEXES_NOT_YET_IN_A_MODULE.has(c))).toEqual([]);
    expect([...INDEXES_NOT_YET_IN_A_MODULE].filter((c) => !elsewhere.includes(c))).toEqual([]);
    // A module's indexes are in the database once the server started (brands: its unique slug).
    const names = (await t.db.collection('brands').indexes()).map((i) => i.key);
    for (const index of declared.brands!) expect(names).toContainEqual(index.key);
  });

  it('starts each job once, the modules’ from the same list as their routes and indexes', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    const names = shopJobs(t.container, config, createLogger('silent')).map((j) => j.name);
    // Two jobs of one name would share one lease and one row on the System page.
    expect(names.length).toBe(new Set(names).size);
    const fromModules = t.container.modules.flatMap((m) => (m.jobs ?? []).map((j) => j.name));
    expect(names).toEqual(expect.arrayContaining(fromModules));
    // The jobs the shop has always run, each declared by its module.
    for (const job of [
      'order-expiry',
      'claims-due',
      'defect-rates',
      'seller-payouts',
      'review-rating-repair',
      'webhook-delivery',
      'webhook-sale-sweep',
      'account-erasures',
      'supplier-sync',
    ]) {
      expect(fromModules).toContain(job);
    }
  });

  it('refuses a collection two modules declare', () => {
    expect(() =>
      gatherIndexes([
        { name: 'a', indexes: { things: [{ key: { a: 1 } }] } },
        { name: 'b', indexes: { things: [{ key: { b: 1 } }] } },
      ]),
    ).toThrow('collection things is declared by modules a and b');
  });
});
