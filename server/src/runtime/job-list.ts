import type { Config } from '../config.ts';
import type { Container } from '../container.ts';
import { reconcilePayments } from '../jobs/reconcile-payments.ts';
import { resumeSupplierFulfilment } from '../jobs/resume-supplier-fulfilment.ts';
import type { Logger } from '../logger.ts';
import { affiliatesModule } from '../modules/affiliates/affiliates.module.ts';
import { claimsModule } from '../modules/claims/claims.module.ts';
import { offersModule } from '../modules/offers/offers.module.ts';
import { ordersModule } from '../modules/orders/orders.module.ts';
import { payoutsModule } from '../modules/payouts/payouts.module.ts';
import { reviewsModule } from '../modules/reviews/reviews.module.ts';
import { sellerApiModule } from '../modules/seller-api/seller-api.module.ts';
import { usersModule } from '../modules/users/users.module.ts';
import type { JobSpec, ModuleDeclaration } from './module.ts';

/** The modules that bring jobs, each given what its jobs call (its services, its settings). */
export function shopModules(c: Container, config: Config): ModuleDeclaration[] {
  return [
    ordersModule({
      orders: c.orderService,
      expiryEveryMs: config.ORDER_EXPIRY_INTERVAL_SECONDS * 1000,
    }),
    claimsModule(c.claims),
    payoutsModule({
      payouts: c.payoutService,
      everyMs: config.PAYOUT_JOB_INTERVAL_MINUTES * 60_000,
      runEveryMinutes: config.PAYOUT_RUN_MINUTES,
    }),
    sellerApiModule({
      delivery: c.sellerApi.delivery,
      events: c.sellerApi.events,
      deliveryEveryMs: config.WEBHOOK_INTERVAL_SECONDS * 1000,
    }),
    reviewsModule({ moderation: c.reviewModeration }),
    usersModule({ erasure: c.accountErasure }),
    offersModule({ supplierSync: c.supplierSync }),
    affiliatesModule({ affiliate: c.affiliate ?? null }),
  ];
}

/**
 * Every background job of the shop, in one list: an instance whose ROLE runs jobs (`worker`,
 * `all`) starts each of them, a `web` instance none. Each takes its lease in the database, so
 * any number of instances may start the list and a period's run still happens once. The jobs
 * modules declare, then the two that work across modules (jobs/).
 */
export function shopJobs(container: Container, config: Config, log: Logger): JobSpec[] {
  return [
    ...shopModules(container, config).flatMap((m) => m.jobs ?? []),
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
