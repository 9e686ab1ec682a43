import type { Logger } from '../logger.ts';
import type { Container } from '../container.ts';

const BATCH = 100;

/**
 * The safety net under webhooks and returns: orders whose payment started over `afterMinutes`
 * ago and is still not settled are settled from what the provider says now (a lost webhook, a
 * buyer who closed the tab after paying, a crash mid-settlement), refunds a crash left
 * pending are finished, and so are chargebacks whose effects a crash left undone. Unpaid orders past their deadline are the expiry job's. Idempotent and
 * safe alongside the webhooks: settlement is.
 */
export async function reconcilePayments(args: {
  /** The container's orders, settlement, refunds and chargebacks. */
  payments: Pick<Container, 'orders' | 'settlement' | 'refunds' | 'chargebacks'>;
  afterMinutes: number;
  log: Logger;
  now?: Date;
}) {
  const { payments, log } = args;
  const before = new Date((args.now ?? new Date()).getTime() - args.afterMinutes * 60_000);
  let settled = 0;
  for (const order of await payments.orders.unsettled(before, BATCH)) {
    try {
      const after = await payments.settlement.settle({ orderId: order._id }, 'reconcile');
      if (after && after.status !== order.status) settled++;
    } catch (err) {
      log.warn({ err, orderId: order._id.toHexString() }, 'payment not reconciled yet');
    }
  }
  const refunds = await payments.refunds.resumePending(before);
  const chargebacks = await payments.chargebacks.resume(before);
  if (settled || refunds || chargebacks) {
    log.info({ settled, refunds, chargebacks }, 'payments reconciled');
  }
  return { settled, refunds, chargebacks };
}
