import type { Db } from 'mongodb';
import type { Logger } from '../logger.ts';
import { createAuditRepository } from '../modules/audit/audit.repository.ts';
import { createAuditLog } from '../modules/audit/audit.service.ts';
import { createClaimRepository } from '../modules/claims/claims.repository.ts';
import { createExchangeRateRepository } from '../modules/exchange-rates/exchange-rates.repository.ts';
import { createRestock } from '../modules/keys/key-stock.ts';
import type { KeyVault } from '../modules/keys/key-vault.ts';
import { createKeyRepository } from '../modules/keys/keys.repository.ts';
import { rehashKeys } from '../modules/keys/rehash-keys.ts';
import { createOfferPricing } from '../modules/offers/offer-pricing.ts';
import { createOfferRepository } from '../modules/offers/offers.repository.ts';
import { createProductRepository } from '../modules/products/products.repository.ts';

/**
 * A change to existing data, run at start before the server serves. `run` must be safe to
 * interrupt and run again; it answers whether it is complete (false: it runs again next start).
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

/** The data migrations, oldest first; ids are never reused. */
export function dataMigrations(deps: { db: Db; vault: KeyVault; log: Logger }): Migration[] {
  const { db, vault, log } = deps;
  const keys = createKeyRepository(db);
  const offers = createOfferRepository(db);
  const pricing = createOfferPricing({
    offers,
    products: createProductRepository(db),
    rates: createExchangeRateRepository(db),
  });
  return [
    {
      // Duplicate hashes ignore separators (key-code.ts) since issue 9; keys before were hashed
      // ignoring case only. Incomplete while a key cannot be decrypted (a wrong master key) or
      // its new hash stays taken.
      id: '2026-11-keys-rehash-without-separators',
      run: async () => {
        const report = await rehashKeys({
          keys,
          vault,
          auditLog: createAuditLog({ audit: createAuditRepository(db) }),
          restock: createRestock({ keys, offers, pricing }),
          log,
        });
        return report.unreadable === 0 && report.unsettled === 0;
      },
    },
    {
      // A key is claimed once since issue 22: claims ended before kept no `openKey`, so a key
      // whose claim was rejected could be claimed again. Each such key's newest claim holds it
      // again (a key some claim holds already is left as it is).
      id: '2026-11-claims-one-per-key',
      run: async () => {
        const claims = createClaimRepository(db);
        const seen = new Set<string>();
        let held = 0;
        for (const claim of await claims.endedWithoutKey()) {
          const key = claim.keyId.toHexString();
          if (seen.has(key)) continue;
          seen.add(key);
          if (await claims.holdKey(claim._id, claim.keyId)) held++;
        }
        log.info({ keys: held }, 'ended claims hold their keys again');
        return true;
      },
    },
  ];
}
