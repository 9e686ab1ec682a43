import type { ModuleDeclaration } from '../../runtime/module.ts';

/**
 * The seller API brings its webhooks' jobs: events recorded before delivery are sent (retried
 * with backoff), and sales of the last two hours whose event a crash lost are recorded again
 * (same event ids).
 */
export const sellerApiModule = (given: {
  delivery: { deliverDue(): Promise<unknown> };
  events: { sweepSales(withinMs: number): Promise<unknown> };
  deliveryEveryMs: number;
}): ModuleDeclaration => ({
  name: 'seller-api',
  jobs: [
    {
      name: 'webhook-delivery',
      everyMs: given.deliveryEveryMs,
      run: () => given.delivery.deliverDue(),
    },
    {
      name: 'webhook-sale-sweep',
      everyMs: 5 * 60_000,
      run: () => given.events.sweepSales(2 * 3_600_000),
    },
  ],
});
