import type { Logger } from '../../logger.ts';
import type { ModuleDeclaration } from '../../runtime/module.ts';
import { claimIndexes, type ClaimRepository } from './claims.repository.ts';
import { adminClaimRoutes, sellerClaimRoutes, userClaimRoutes } from './claims.routes.ts';
import type { ClaimService } from './claims.service.ts';

/**
 * Claims bring two jobs: every minute, open claims past their seller's deadline are refunded and
 * half-done resolutions finished (`runDue`, idempotent); daily, every seller's defect rate is
 * counted again as the 90-day window moves. Given its records, also its data migration.
 */
export const claimsModule = (given: {
  service: ClaimService;
  defectRates: { recountAll(): Promise<unknown> };
  records?: Pick<ClaimRepository, 'endedWithoutKey' | 'holdKey'>;
  log?: Logger;
}): ModuleDeclaration => ({
  name: 'claims',
  indexes: { claims: claimIndexes },
  routes: () => [
    userClaimRoutes(given.service),
    sellerClaimRoutes(given.service),
    adminClaimRoutes(given.service),
  ],
  jobs: [
    { name: 'claims-due', everyMs: 60_000, run: () => given.service.runDue() },
    {
      name: 'defect-rates',
      everyMs: 86_400_000,
      leaseMs: 10 * 60_000,
      run: () => given.defectRates.recountAll(),
    },
  ],
  migrations: given.records
    ? [
        {
          // A key is claimed once since issue 22: claims ended before kept no `openKey`, so a
          // key whose claim was rejected could be claimed again. Each such key's newest claim
          // holds it again (a key some claim holds already is left as it is).
          id: '2026-11-claims-one-per-key',
          run: async () => {
            const records = given.records!;
            const seen = new Set<string>();
            let held = 0;
            for (const claim of await records.endedWithoutKey()) {
              const key = claim.keyId.toHexString();
              if (seen.has(key)) continue;
              seen.add(key);
              if (await records.holdKey(claim._id, claim.keyId)) held++;
            }
            given.log?.info({ keys: held }, 'ended claims hold their keys again');
            return true;
          },
        },
      ]
    : [],
});
