import type { Logger } from '../../logger.ts';
import type { OrderReports } from '../affiliates/order-reports.ts';
import type { OrderDoc } from '../orders/order-doc.ts';
import type { OrderService } from '../orders/orders.service.ts';
import type { RefundService } from '../refunds/refunds.service.ts';

/**
 * What the money side does once an order is decided: an approval is reported to Awin, and the
 * capture of an order that will never be delivered goes back to the buyer.
 */
export function createPaymentFollowUps(deps: {
  orders: Pick<OrderService, 'findOrder'>;
  refunds: Pick<RefundService, 'refundUndeliverable'>;
  reports: Pick<OrderReports, 'converted'>;
  log: Logger;
}) {
  /**
   * Gives back the capture of an order that will never be delivered. Its decision stands
   * whatever the provider says now, so a failure is only logged: the order still owes the
   * refund (`owesRefund`) and the reconciliation job makes it, or finishes the pending one.
   */
  async function giveBack(order: OrderDoc) {
    try {
      await deps.refunds.refundUndeliverable(order);
    } catch (err) {
      deps.log.warn({ err, orderId: order._id.toHexString() }, 'refund left to the reconciliation');
    }
  }
  return {
    giveBack,
    /**
     * After an admin's decision: an approval (of an order held for review, or a decline
     * overturned) is reported to Awin; a decline or cancel of a paid order gives the money back.
     */
    async decidedByAdmin(orderId: string) {
      const order = await deps.orders.findOrder(orderId);
      if (order.status === 'approved') await deps.reports.converted(order);
      else await giveBack(order);
    },
  };
}
