import type { ModuleDeclaration } from '../../runtime/module.ts';

/**
 * Payouts bring the payout job: the weekly payout run (once per week, resumed after a crash),
 * then PayPal payouts left unsent or still processing.
 */
export const payoutsModule = (given: {
  payouts: { tick(): Promise<unknown> };
  everyMs: number;
}): ModuleDeclaration => ({
  name: 'payouts',
  jobs: [{ name: 'seller-payouts', everyMs: given.everyMs, run: () => given.payouts.tick() }],
});
