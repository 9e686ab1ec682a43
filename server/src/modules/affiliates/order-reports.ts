import type { AffiliateOrder, AffiliateReporter } from './affiliate-reporter.ts';
import type { Logger } from '../../logger.ts';
import type { OrderDoc } from '../orders/order-doc.ts';
import type { OrderFacade } from '../orders/orders.facade.ts';

/**
 * What Awin hears of an order: its sale once approved, and each refund's new total after (an
 * approved order is final, so a refund is the only change it can see). The reporter stores every report before sending it and retries on its own,
 * so a report never fails the payment or refund that triggered it: errors are only logged.
 */
export function createOrderReports(deps: {
  reporter: AffiliateReporter | undefined;
  orders: Pick<OrderFacade, 'countSince'>;
  log: Logger;
}) {
  const { reporter, orders, log } = deps;

  async function affiliateOrder(order: OrderDoc): Promise<AffiliateOrder> {
    // The buyer's first order ever (this one included) is a new customer for Awin.
    const placed = await orders.countSince({ userId: order.userId }, new Date(0));
    return {
      number: order.number,
      currency: order.currency,
      // Commission is on what the buyer paid for the goods: after the discount, without VAT.
      netSubtotalCents: order.totals.total - order.totals.vat,
      attribution: order.attribution,
      voucher: order.couponCode,
      newCustomer: placed <= 1,
      placedAt: order.createdAt,
    };
  }

  const safely = async (what: string, order: OrderDoc, send: () => Promise<unknown>) => {
    if (!reporter || !order.attribution.awc) return;
    try {
      await send();
    } catch (err) {
      log.error({ err, orderNumber: order.number }, `affiliate ${what} not stored`);
    }
  };

  return {
    converted: (order: OrderDoc) =>
      safely('conversion', order, async () =>
        reporter!.reportConversion(await affiliateOrder(order)),
      ),
    /** The buyer's bank took the money back: Awin declines the sale (reported once). */
    chargedBack: (order: OrderDoc) =>
      safely('amendment', order, async () =>
        reporter!.reportAmendment(await affiliateOrder(order), 'declined'),
      ),
    /** `refundedCents` is the order's refunded total after the refund. */
    refunded: (order: OrderDoc, refundedCents: number) =>
      safely('amendment', order, async () =>
        reporter!.reportAmendment(await affiliateOrder(order), refundedCents),
      ),
  };
}
export type OrderReports = ReturnType<typeof createOrderReports>;
