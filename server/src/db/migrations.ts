import type { Db } from 'mongodb';
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

/** Runs, in order, each migration not recorded as complete in `migrations`, and records it. */
export async function runMigrations(db: Db, migrations: Migration[], log: Logger): Promise<void> {
  const completed = db.collection<MigrationDoc>('migrations');
  for (const migration of migrations) {
    if (await completed.findOne({ _id: migration.id })) continue;
    const started = Date.now();
    if (!(await migration.run())) {
      log.warn({ migration: migration.id }, 'migration incomplete: it runs again at next start');
      continue;
    }
    await completed.updateOne(
      { _id: migration.id },
      { $setOnInsert: { completedAt: new Date() } },
      { upsert: true },
    );
    log.info({ migration: migration.id, ms: Date.now() - started }, 'migration complete');
  }
}
