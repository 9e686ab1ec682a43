import type { ModuleDeclaration } from '../../runtime/module.ts';
import { disputeIndexes } from './disputes.repository.ts';
import { adminDisputeRoutes } from './disputes.routes.ts';
import type { DisputeService } from './disputes.service.ts';

/**
 * Payment disputes: the `disputes` collection, the admin's `disputes` resource, and one job:
 * every minute, disputes with work left (evidence the provider did not take yet, a won dispute
 * whose ledger waits for its chargeback) are tried again, each claimed by a conditional update
 * so several instances never work on the same one.
 */
export const disputesModule = (given: { service: DisputeService }): ModuleDeclaration => ({
  name: 'disputes',
  indexes: { disputes: disputeIndexes },
  routes: () => [adminDisputeRoutes(given.service)],
  jobs: [{ name: 'disputes-due', everyMs: 60_000, run: () => given.service.runDue() }],
});
