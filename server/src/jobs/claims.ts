import type { Container } from '../container.ts';
import type { Job } from './job-runner.ts';
import { startJob } from './job-runner.ts';
import type { Logger } from '../logger.ts';

/**
 * The claims jobs: every minute, open claims past their seller's deadline are refunded (the
 * seller debited) and resolutions a crash left half-done are finished (`runDue`, idempotent:
 * a line is refunded once, a replacement key recorded on its claim is the one given); once a
 * day (and at start) every seller's defect rate is counted again, as the 90-day window moves.
 */
export function startClaimJobs(container: Pick<Container, 'claims'>, log: Logger): Job[] {
  const { service, defectRates } = container.claims;
  const due = startJob({ name: 'claims-due', everyMs: 60_000, run: () => service.runDue(), log });
  const rates = startJob({
    name: 'defect-rates',
    everyMs: 86_400_000,
    run: () => defectRates.recountAll(),
    log,
  });
  defectRates
    .recountAll()
    .catch((err: unknown) => log.error({ err }, 'defect rates not counted at start'));
  return [due, rates];
}
