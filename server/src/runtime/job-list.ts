import type { Config } from '../config.ts';
import type { Container } from '../container.ts';
import type { JobContext } from '../jobs/job-runner.ts';
import { reconcilePayments } from '../jobs/reconcile-payments.ts';
import { resumeSupplierFulfilment } from '../jobs/resume-supplier-fulfilment.ts';
import type { Logger } from '../logger.ts';

/** A background job as the instance running jobs starts it (jobs/job-runner.ts `startJob`). */
export type JobSpec = {
  name: string;
  everyMs: number;
  run: (ctx: JobContext) => Promise<unknown>;
  /** The job lease's TTL, when a run may outlast the default (a minute). */
  leaseMs?: number;
};

/**
 * Every background job of the shop, in one list: an instance whose ROLE runs jobs (`worker`,
 * `all`) starts each of them, a `web` instance none. Each takes its lease in the database, so
 * any number of instances may start the list and a period's run still happens once.
 */
export function shopJobs(container: Container, config: Config, log: Logger): JobSpec[] {
  const c = container;
  return [
    // Unpaid orders past their deadline give their keys back; crash leftovers are recovered.
    {
      name: 'order-expiry',
      everyMs: config.ORDER_EXPIRY_INTERVAL_SECONDS * 1000,
      run: () => c.orderService.expireReservations(new Date()),
    },
    // Payments a webhook never settled, refunds a crash left pending; Awin reports to retry.
    {
      name: 'payment-reconciliation',
      everyMs: config.PAYMENT_RECONCILE_INTERVAL_SECONDS * 1000,
      run: () =>
        reconcilePayments({
          payments: c,
          afterMinutes: config.PAYMENT_RECONCILE_AFTER_MINUTES,
          log,
        }),
    },
    {
      name: 'affiliate-retry',
      everyMs: 60_000,
      run: () => c.affiliate?.retryPending() ?? Promise.resolve(),
    },
    // Seller ratings a crash left between a review's moderation and its recount.
    {
      name: 'review-rating-repair',
      everyMs: 5 * 60_000,
      run: () => c.reviewModeration.repairRatings(),
    },
    // Account erasures a crash left half-done (a buyer's deletion, an admin's anonymisation).
    {
      name: 'account-erasures',
      everyMs: 5 * 60_000,
      run: () => c.accountErasure.resumeUnfinished(),
    },
    // Supplier-backed offers follow their suppliers' stock and prices: each connection is synced
    // once its offers are SUPPLIER_SYNC_MINUTES old (a minute's tick spreads them out), and in
    // between its on-demand stock is checked every minute, so a sold-out sku leaves at once.
    {
      name: 'supplier-sync',
      everyMs: 60_000,
      leaseMs: 5 * 60_000,
      run: async () => {
        await c.supplierSync.syncDue();
        await c.supplierSync.checkStockDue();
      },
    },
    // On-demand units a crash or a silent supplier left unbought (or pre-orders still waiting for
    // their code): their orders are delivered again, the supplier asked before anything is bought.
    {
      name: 'supplier-fulfilment',
      everyMs: config.SUPPLIER_FULFILMENT_INTERVAL_SECONDS * 1000,
      run: () =>
        resumeSupplierFulfilment({
          container: c,
          afterSeconds: config.SUPPLIER_FULFILMENT_AFTER_SECONDS,
        }),
    },
    // Claims sellers left unanswered are refunded and half-done resolutions finished (runDue is
    // idempotent); every seller's defect rate is counted again daily, as the 90-day window moves.
    { name: 'claims-due', everyMs: 60_000, run: () => c.claims.service.runDue() },
    {
      name: 'defect-rates',
      everyMs: 86_400_000,
      leaseMs: 10 * 60_000,
      run: () => c.claims.defectRates.recountAll(),
    },
    // Sellers get paid: the weekly payout run (once per week across processes, resumed after a
    // crash), then PayPal payouts left unsent or still processing.
    {
      name: 'seller-payouts',
      everyMs: config.PAYOUT_JOB_INTERVAL_MINUTES * 60_000,
      run: () => c.payoutService.tick(),
    },
    // Sellers' webhooks: events recorded before delivery are sent, retried with backoff.
    {
      name: 'webhook-delivery',
      everyMs: config.WEBHOOK_INTERVAL_SECONDS * 1000,
      run: () => c.sellerApi.delivery.deliverDue(),
    },
    // Mails whose SMTP send failed, retried with backoff (and those an instance died sending).
    { name: 'outbox', everyMs: 30_000, run: () => c.mailer.sendDue() },
    // Catalogue imports whose instance died are taken over once their lease expires.
    { name: 'supplier-imports', everyMs: 60_000, run: () => c.supplierImportRunner.resume() },
    // Sales of the last two hours whose event a crash lost are recorded again (same event ids).
    {
      name: 'webhook-sale-sweep',
      everyMs: 5 * 60_000,
      run: () => c.sellerApi.events.sweepSales(2 * 3_600_000),
    },
  ];
}
