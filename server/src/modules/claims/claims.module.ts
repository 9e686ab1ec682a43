import type { ModuleDeclaration } from '../../runtime/module.ts';

/**
 * Claims bring two jobs: every minute, open claims past their seller's deadline are refunded and
 * half-done resolutions finished (`runDue`, idempotent); daily, every seller's defect rate is
 * counted again as the 90-day window moves.
 */
export const claimsModule = (given: {
  service: { runDue(): Promise<unknown> };
  defectRates: { recountAll(): Promise<unknown> };
}): ModuleDeclaration => ({
  name: 'claims',
  jobs: [
    { name: 'claims-due', everyMs: 60_000, run: () => given.service.runDue() },
    {
      name: 'defect-rates',
      everyMs: 86_400_000,
      leaseMs: 10 * 60_000,
      run: () => given.defectRates.recountAll(),
    },
  ],
});
