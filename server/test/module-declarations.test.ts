import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createRateLimits } from '../src/middleware/rate-limit.ts';
import { createLogger } from '../src/logger.ts';
import { shopJobs } from '../src/runtime/job-list.ts';
import { PAGE_CACHE_LISTENER } from '../src/page-cache/page-cache.ts';
import { gatherIndexes, gatherRoutes, listenerName } from '../src/runtime/modules.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { servedApiRoutes } from './served-routes.ts';

/*
 * A module declares everything it brings (`<module>.module.ts`, listed once in container.ts):
 * its collections' indexes, its routes, its migrations, its jobs and change listeners. Only what
 * belongs to no module is wired outside one, named here; a new collection or router goes into
 * its module's declaration.
 */

/** The abuse limits' shared counters: the middleware's collection, no module's. */
const INDEXES_OUTSIDE_MODULES = new Set<string>(['rateLimits']);

/**
 * The API's documentation, by its routes' first two path segments under /api: it documents every
 * module's routes, so app.ts mounts it after them.
 */
const ROUTERS_OUTSIDE_MODULES = new Set<string>([
  '/api/docs',
  '/api/docs/assets',
  '/api/openapi.json',
]);

/** `/api/admin/brands/:id` → `/api/admin/brands`; `/api/health` stays itself. */
const routerOf = (route: string) => route.split(' ')[1]!.split('/').slice(0, 4).join('/');

/**
 * Listeners on the change bus that no module declares, each with why. The page cache is the HTTP
 * server's (http-server.ts): it sits in front of the app, is built only where the storefront is
 * served, after the modules, and unsubscribes when that server closes.
 */
const LISTENERS_OUTSIDE_MODULES = new Set<string>([PAGE_CACHE_LISTENER]);

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('modules declare what they bring', () => {
  it('mounts every API route from a module declaration, the documentation aside', () => {
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
    // A router wired in app.ts: declare it in its module instead.
    expect(routers.filter((r) => !ROUTERS_OUTSIDE_MODULES.has(r))).toEqual([]);
    // And the documentation is still served.
    expect([...ROUTERS_OUTSIDE_MODULES].filter((r) => !routers.includes(r))).toEqual([]);
  });

  it('ensures every collection’s indexes from a module declaration, the abuse limits’ aside', async () => {
    const declared = gatherIndexes(t.container.modules);
    const elsewhere = Object.keys(t.container.indexes)
      .filter((c) => !(c in declared))
      .sort();
    expect(elsewhere.filter((c) => !INDEXES_OUTSIDE_MODULES.has(c))).toEqual([]);
    expect([...INDEXES_OUTSIDE_MODULES].filter((c) => !elsewhere.includes(c))).toEqual([]);
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

  it('subscribes to the change bus only the listeners the modules declare, the page cache aside', () => {
    const declared = t.container.modules.flatMap((m) =>
      (m.changeListeners ?? []).map((l) => listenerName(m, l)),
    );
    const subscribed = t.container.deps.pageCache.changes.subscribers();
    // A cache that subscribes itself is heard as `unnamed`: declare its listener in its module.
    expect(subscribed.filter((n) => !LISTENERS_OUTSIDE_MODULES.has(n)).sort()).toEqual(
      [...declared].sort(),
    );
    // Every cache that hears writes, declared by the module whose reads it keeps.
    expect(declared.sort()).toEqual(
      [
        'cart: cart views',
        'cart: product documents',
        'products: catalogue reads',
        'products: platforms',
        'products: product documents',
        'search: search index',
        'session: session states',
      ].sort(),
    );
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
