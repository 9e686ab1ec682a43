import type { ModuleDeclaration } from '../../runtime/module.ts';
import type { LedgerFacade } from '../ledger/ledger.facade.ts';
import { payoutIndexes } from './payouts.repository.ts';
import { adminPayoutRoutes, sellerBalanceRoutes, sellerPayoutRoutes } from './payouts.routes.ts';
import type { PayoutService } from './payouts.service.ts';

/** The run a period's payouts belong to: each period's run happens once across instances. */
export const payoutRunId = (at: Date, runEveryMinutes: number): string => {
  const ms = runEveryMinutes * 60_000;
  return `every-${runEveryMinutes}min:${new Date(Math.floor(at.getTime() / ms) * ms).toISOString()}`;
};

/**
 * Payouts: the admin's payouts, the seller's payouts and balance (their ledger's movements), and
 * the payout job: the weekly payout run (once per week, resumed after a crash; every
 * `runEveryMinutes` when set), then PayPal payouts left unsent or still processing.
 */
export const payoutsModule = (given: {
  payouts: PayoutService;
  ledger: Pick<LedgerFacade, 'between' | 'page'>;
  everyMs: number;
  runEveryMinutes?: number | undefined;
}): ModuleDeclaration => ({
  name: 'payouts',
  indexes: { payouts: payoutIndexes },
  routes: () => [
    adminPayoutRoutes(given.payouts),
    sellerPayoutRoutes(given.payouts, given.ledger),
    ...sellerBalanceRoutes(given.payouts, given.ledger),
  ],
  jobs: [
    {
      name: 'seller-payouts',
      everyMs: given.everyMs,
      run: () =>
        given.payouts.tick(
          given.runEveryMinutes ? payoutRunId(new Date(), given.runEveryMinutes) : undefined,
        ),
    },
  ],
});
