import type { Db } from 'mongodb';
import { createLeases, type Leases } from '../jobs/lease.ts';
import type { Logger } from '../logger.ts';

/**
 * A change to existing data, run at start before the server serves. `run` must be safe to
 * interrupt and run again; it answers whether it is complete (false: it runs again next start).
 * Each is declared by the module whose data it changes (`<module>.module.ts`), given what it
 * needs by the container (`container.migrations`, oldest first).
 */
export type Migration = { id: string; run: () => Promise<boolean> };

/** What ran: one document per completed migration, so a later start skips it. */
type MigrationDoc = { _id: string; completedAt: Date };

/** The one lease every instance's migrations run under (`leases`, see jobs/lease.ts). */
export const MIGRATIONS_LEASE = 'migrations:run';

export type MigrationOptions = {
  /** This instance's leases (a test gives two "instances" their own owners). */
  leases?: Leases;
  /** The lease's TTL: a holder that dies mid-migration blocks the others this long at most. */
  ttlMs?: number;
  /** How often an instance waiting for another's migrations looks again. */
  pollMs?: number;
};

/**
 * Runs, in order, each migration not recorded as complete in `migrations`, and records it.
 *
 * Instances that start at once (web and worker in compose, a rolling deploy's new replicas)
 * take turns through one lease: the holder runs what is pending while the others wait for the
 * lease to be free, then look again, so none serves before the migrations are complete and no
 * migration runs in two instances at the same time (a rehash racing itself would flag a key as
 * its own duplicate). A holder that dies leaves the lease to expire; the next one takes it over
 * and runs what is still pending (each migration is safe to run again).
 */
export async function runMigrations(
  db: Db,
  migrations: Migration[],
  log: Logger,
  options: MigrationOptions = {},
): Promise<void> {
  const completed = db.collection<MigrationDoc>('migrations');
  const leases = options.leases ?? createLeases(db, { log });
  const ttlMs = options.ttlMs ?? 30_000;
  const pollMs = options.pollMs ?? 250;
  const pending = async () => {
    const ids = migrations.map((m) => m.id);
    const done = new Set(
      (await completed.find({ _id: { $in: ids } }, { projection: { _id: 1 } }).toArray()).map(
        (d) => d._id,
      ),
    );
    return migrations.filter((m) => !done.has(m.id));
  };
  let waitedFor: string | null = null;
  for (;;) {
    // Nothing pending (the usual start): no lease taken, no write.
    if ((await pending()).length === 0) return;
    const lease = await leases.acquire(MIGRATIONS_LEASE, { ttlMs });
    if (!lease) {
      const holder = await leases.holder(MIGRATIONS_LEASE);
      if (holder && holder.owner !== waitedFor) {
        waitedFor = holder.owner;
        log.info({ holder: holder.owner }, 'waiting for another instance’s migrations');
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      continue;
    }
    try {
      // Looked at again under the lease: the previous holder may have completed some.
      for (const migration of await pending()) {
        if (!lease.held) break;
        const started = Date.now();
        if (!(await migration.run())) {
          log.warn(
            { migration: migration.id },
            'migration incomplete: it runs again at next start',
          );
          continue;
        }
        await completed.updateOne(
          { _id: migration.id },
          { $setOnInsert: { completedAt: new Date() } },
          { upsert: true },
        );
        log.info({ migration: migration.id, ms: Date.now() - started }, 'migration complete');
      }
    } finally {
      await lease.release();
    }
    // The lease was lost mid-run (the database stopped answering past its TTL): wait for
    // whoever holds it now rather than run beside them.
    if (!lease.signal.aborted) return;
  }
}
