import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { useTestEngine } from '@market/embedded-mongo/testkit';
import { MIGRATIONS_LEASE, runMigrations, type Migration } from '../src/db/migrations.ts';
import { createLeases } from '../src/jobs/lease.ts';
import { createLogger } from '../src/logger.ts';

const log = createLogger('silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Two instances starting at once against one database (web and worker in compose): each has its
 * own client and its own lease owner, as two processes would.
 */
describe('data migrations when two instances start at once', () => {
  const t = useTestEngine();

  /** Migrations that record each run in the database and how many ran at the same time. */
  function slowMigrations(prefix: string) {
    let running = 0;
    const seen = { overlap: 0, runs: [] as string[], firstAt: 0 };
    const migrations: Migration[] = ['first', 'second'].map((name) => ({
      id: `${prefix}-${name}`,
      run: async () => {
        running++;
        seen.overlap = Math.max(seen.overlap, running);
        seen.runs.push(name);
        seen.firstAt ||= Date.now();
        await sleep(300);
        running--;
        return true;
      },
    }));
    return { migrations, seen };
  }

  async function instance(owner: string) {
    const client = await new MongoClient(t.engine.uri).connect();
    const db = client.db('test');
    return { db, leases: createLeases(db, { owner }), close: () => client.close() };
  }

  it('runs each migration once, and the other instance serves only once they are complete', async () => {
    const web = await instance('web');
    const worker = await instance('worker');
    const { migrations, seen } = slowMigrations('at-once');
    const completeWhenReturned = async (i: typeof web) => {
      await runMigrations(i.db, migrations, log, { leases: i.leases, pollMs: 50 });
      // What this instance finds once it may serve.
      return t.db
        .collection<{ _id: string }>('migrations')
        .countDocuments({ _id: { $regex: /^at-once-/ } });
    };
    const [a, b] = await Promise.all([completeWhenReturned(web), completeWhenReturned(worker)]);
    expect(seen.runs).toEqual(['first', 'second']);
    expect(seen.overlap).toBe(1);
    // Neither went on to serve before both migrations were recorded.
    expect([a, b]).toEqual([2, 2]);
    // The lease is free again for the next deploy.
    expect(await web.leases.holder(MIGRATIONS_LEASE)).toBeNull();
    await Promise.all([web.close(), worker.close()]);
  });

  it('takes over from an instance that died holding the lease, and runs what it left', async () => {
    const dead = await instance('dead');
    const next = await instance('next');
    // The dead instance took the lease and never renewed it (killed before its first heartbeat).
    await dead.leases.acquire(MIGRATIONS_LEASE, { ttlMs: 400, heartbeatMs: 60_000 });
    const { migrations, seen } = slowMigrations('after-crash');
    const started = Date.now();
    await runMigrations(next.db, migrations, log, { leases: next.leases, pollMs: 50 });
    // It waited for the lease to expire rather than run beside its holder.
    expect(seen.firstAt - started).toBeGreaterThanOrEqual(350);
    expect(seen.runs).toEqual(['first', 'second']);
    await Promise.all([dead.close(), next.close()]);
  });
});
