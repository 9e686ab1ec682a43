import type { Config } from '../config.ts';
import type { Container } from '../container.ts';
import { reconcilePayments } from '../jobs/reconcile-payments.ts';
import { resumeSupplierFulfilment } from '../jobs/resume-supplier-fulfilment.ts';
import type { Logger } from '../logger.ts';
import type { JobSpec } from './module.ts';

/**
 * Every background job of the shop, in one list: an instance whose ROLE runs jobs (`worker`,
 * `all`) starts each of them, a `web` instance none. Each takes its lease in the database, so
 * any number of instances may start the list and a period's run still happens once. The jobs
 * the modules declare (`jobs` in each `<module>.module.ts`, the modules listed in container.ts),
 * then the ones that work across modules (jobs/).
 */
export function shopJobs(container: Container, config: Config, log: Logger): JobSpec[] {
  return [
    ...container.modules.flatMap((m) => m.jobs ?? []),
    // Mails whose SMTP send failed, retried with backoff (and those an instance died sending).
    { name: 'outbox', everyMs: 30_000, run: () => container.mailer.sendDue() },
    // Catalogue imports whose instance died are taken over once their lease expires.
    {
      name: 'supplier-imports',
      everyMs: 60_000,
      run: () => container.supplierImportRunner.resume(),
    },
    // Payments a webhook never settled, refunds a crash left pending.
    {
      name: 'payment-reconciliation',
      everyMs: config.PAYMENT_RECONCILE_INTERVAL_SECONDS * 1000,
      run: () =>
        reconcilePayments({
          payments: container,
          afterMinutes: config.PAYMENT_RECONCILE_AFTER_MINUTES,
          log,
        }),
    },
    // On-demand units a crash or a silent supplier left unbought (or pre-orders still waiting for
    // their code): their orders are delivered again, the supplier asked before anything is bought.
    {
      name: 'supplier-fulfilment',
      everyMs: config.SUPPLIER_FULFILMENT_INTERVAL_SECONDS * 1000,
      run: () =>
        resumeSupplierFulfilment({
          container,
          afterSeconds: config.SUPPLIER_FULFILMENT_AFTER_SECONDS,
        }),
    },
  ];
}
