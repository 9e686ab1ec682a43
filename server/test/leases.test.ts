import { describe, expect, it } from 'vitest';
import { useTestEngine } from '@market/embedded-mongo/testkit';
import { createLeases } from '../src/jobs/lease.ts';
import { startJob } from '../src/jobs/job-runner.ts';
import { createLogger } from '../src/logger.ts';
import { leaseTakeovers } from '../src/observability/metrics.ts';

const log = createLogger('silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const takeovers = async () =>
  (await leaseTakeovers.get()).values.find((v) => v.labels.kind === 'test')?.value ?? 0;

describe('leases on the real engine', () => {
  const t = useTestEngine();

  it('is held by one taker at a time, renewed while held, free again once released', async () => {
    const a = createLeases(t.db, { owner: 'instance-a' });
    const b = createLeases(t.db, { owner: 'instance-b' });
    const held = await a.acquire('test:one', { ttlMs: 300 });
    expect(held).not.toBeNull();
    expect(held!.takenOver).toBe(false);
    expect(await b.acquire('test:one', { ttlMs: 300 })).toBeNull();
    // Two holders in one process are two holders too.
    expect(await a.acquire('test:one', { ttlMs: 300 })).toBeNull();
    // The heartbeat (every 100 ms) keeps it past its first TTL.
    await sleep(500);
    expect(held!.held).toBe(true);
    expect(await b.acquire('test:one', { ttlMs: 300 })).toBeNull();
    expect((await b.holder('test:one'))?.owner).toBe('instance-a');
    await held!.release();
    const next = await b.acquire('test:one', { ttlMs: 300 });
    expect(next?.takenOver).toBe(false);
    await next!.release();
  });

  it('is taken over once its holder stops renewing it, and the old holder cannot renew it', async () => {
    const a = createLeases(t.db, { owner: 'instance-a' });
    const b = createLeases(t.db, { owner: 'instance-b' });
    const before = await takeovers();
    // A holder that dies: heartbeat far beyond the TTL.
    const dead = await a.acquire('test:two', { ttlMs: 150, heartbeatMs: 60_000 });
    expect(await b.acquire('test:two', { ttlMs: 150 })).toBeNull();
    await sleep(250);
    const taken = await b.acquire('test:two', { ttlMs: 1000 });
    expect(taken?.takenOver).toBe(true);
    expect(await takeovers()).toBe(before + 1);
    // The dead holder's renewal fails and aborts its work; its release leaves b's lease alone.
    expect(await dead!.renew()).toBe(false);
    expect(dead!.signal.aborted).toBe(true);
    await dead!.release();
    expect((await a.holder('test:two'))?.owner).toBe('instance-b');
    await taken!.release();
  });

  it('expires on the database clock, whatever the taker thinks the time is', async () => {
    const a = createLeases(t.db, { owner: 'instance-a' });
    const held = await a.acquire('test:three', { ttlMs: 60_000, heartbeatMs: 60_000 });
    const doc = await t.db.collection('leases').findOne({ _id: 'test:three' as never });
    // Written by the database: acquiredAt and expiresAt are its $$NOW and $$NOW + TTL.
    expect(doc!.expiresAt.getTime() - doc!.acquiredAt.getTime()).toBe(60_000);
    await held!.release();
  });

  it('races: of twenty takers at once exactly one gets the lease', async () => {
    const takers = Array.from({ length: 20 }, (_, i) => createLeases(t.db, { owner: `i${i}` }));
    const got = await Promise.all(takers.map((l) => l.acquire('test:race', { ttlMs: 5000 })));
    expect(got.filter(Boolean)).toHaveLength(1);
    await got.find(Boolean)!.release();
  });

  it('two runners of the same job run it once per period', async () => {
    let runs = 0;
    const run = async () => {
      runs++;
      await sleep(30);
    };
    const jobs = ['instance-a', 'instance-b', 'instance-c'].map((owner) =>
      startJob({ name: 'once', everyMs: 200, run, log, db: t.db, owner }),
    );
    await sleep(1100);
    await Promise.all(jobs.map((j) => j.stop()));
    // Five periods in 1.1 s: three runners without the database would have run ~15 times.
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(runs).toBeLessThanOrEqual(6);
    const row = await t.db.collection('jobs').findOne({ _id: 'once' as never });
    expect(row).toMatchObject({ everyMs: 200, lastOutcome: 'ok' });
    expect(['instance-a', 'instance-b', 'instance-c']).toContain(row!.lastOwner);
  });
});
