import type { ModuleDeclaration } from '../../runtime/module.ts';

/** The run a period's payouts belong to: each period's run happens once across instances. */
export const payoutRunId = (at: Date, runEveryMinutes: number): string => {
  const ms = runEveryMinutes * 60_000;
  return `every-${runEveryMinutes}min:${new Date(Math.floor(at.getTime() / ms) * ms).toISOString()}`;
};

/**
 * Payouts bring the payout job: the weekly payout run (once per week, resumed after a crash;
 * every `runEveryMinutes` when set), then PayPal payouts left unsent or still processing.
 */
export const payoutsModule = (given: {
  payouts: { tick(runId?: string): Promise<unknown> };
  everyMs: number;
  runEveryMinutes?: number;
}): ModuleDeclaration => ({
  name: 'payouts',
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
