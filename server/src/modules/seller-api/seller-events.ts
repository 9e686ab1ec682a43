import type { Logger } from '../../logger.ts';
import type { OrderReports } from '../affiliates/order-reports.ts';
import type { ObjectId } from 'mongodb';
import type { OfferFacade } from '../offers/offers.facade.ts';
import type { OrderDoc, OrderItemDoc } from '../orders/order-doc.ts';
import type { OrderFacade } from '../orders/orders.facade.ts';
import type { WebhookService } from './webhooks.service.ts';

/** What a claim's event tells (the claim as the claims module stores it has these). */
type ReportedClaim = {
  _id: ObjectId;
  sellerId: string;
  orderId: ObjectId;
  orderNumber: string;
  itemId: ObjectId;
  offerId: ObjectId;
  name: string;
  reason: string;
  details: string;
  respondBy: Date;
};

/** The most orders one sweep looks at (the oldest first; the next sweep goes on). */
const SWEEP_BATCH = 500;

/** An offer with this many units or fewer left after a sale is running low (as the dashboard). */
export const LOW_STOCK_UNITS = 3;

const linesOf = (items: OrderItemDoc[]) =>
  items.map((i) => ({
    itemId: i._id.toHexString(),
    offerId: i.offerId.toHexString(),
    productId: i.productId.toHexString(),
    name: i.name,
    quantity: i.quantity,
    unitPriceCents: i.unitPriceCents,
    ...(i.refundedCents !== undefined && { refundedCents: i.refundedCents }),
  }));

const bySeller = (items: OrderItemDoc[]) => {
  const groups = new Map<string, OrderItemDoc[]>();
  for (const item of items) groups.set(item.sellerId, [...(groups.get(item.sellerId) ?? []), item]);
  return groups;
};

/**
 * The events sellers' webhooks hear, taken where the marketplace already reports an order's
 * fate (the affiliate reports: an approved order, a refund) and a new claim. Recording an event
 * never fails what triggered it: an error is logged (the order or refund stands).
 */
export function createSellerEvents(deps: {
  webhooks: Pick<WebhookService, 'emit' | 'sellersListening'>;
  offers: Pick<OfferFacade, 'findById'>;
  orders: Pick<OrderFacade, 'approvedOfSellersSince'>;
  log: Logger;
}) {
  const { webhooks, offers, orders, log } = deps;
  const safely = async (what: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (err) {
      log.error({ err }, `seller ${what} webhook not recorded`);
    }
  };

  /** `happenedAt`: for a sale recorded late (the sweep), so later endpoints do not hear it. */
  async function sale(order: OrderDoc, happenedAt?: Date) {
    for (const [sellerId, items] of bySeller(order.items)) {
      await webhooks.emit(
        sellerId,
        'sale',
        order._id.toHexString(),
        {
          orderId: order._id.toHexString(),
          orderNumber: order.number,
          currency: order.currency,
          totalCents: items.reduce((sum, i) => sum + i.unitPriceCents * i.quantity, 0),
          lines: linesOf(items),
        },
        happenedAt,
      );
      for (const item of items) {
        const offer = await offers.findById(item.offerId);
        if (!offer || offer.stock > LOW_STOCK_UNITS) continue;
        await webhooks.emit(
          sellerId,
          'low_stock',
          `${item.offerId.toHexString()}/${order._id.toHexString()}`,
          {
            offerId: item.offerId.toHexString(),
            productId: item.productId.toHexString(),
            name: item.name,
            stock: offer.stock,
          },
          happenedAt,
        );
      }
    }
  }

  async function refund(order: OrderDoc, refundedCents: number) {
    const refunded = order.items.filter((i) => i.refundedAt);
    for (const [sellerId, items] of bySeller(refunded)) {
      const ids = items.map((i) => i._id.toHexString()).sort();
      await webhooks.emit(sellerId, 'refund', `${order._id.toHexString()}/${ids.join(',')}`, {
        orderId: order._id.toHexString(),
        orderNumber: order.number,
        currency: order.currency,
        orderRefundedCents: refundedCents,
        lines: linesOf(items),
      });
    }
  }

  return {
    /** The affiliate reports, with the sellers' sale and refund events added. */
    around(reports: OrderReports): OrderReports {
      return {
        ...reports,
        async converted(order) {
          await reports.converted(order);
          await safely('sale', () => sale(order));
        },
        async refunded(order, refundedCents) {
          await reports.refunded(order, refundedCents);
          await safely('refund', () => refund(order, refundedCents));
        },
      };
    },
    /**
     * Records again the sales of the last `withinMs` for sellers who listen (a crash between an
     * order's approval and its event would lose it): the event ids are the same, so a sale
     * already recorded adds nothing. The webhook job runs it every few minutes.
     */
    async sweepSales(withinMs: number, now = new Date()) {
      const sellers = await webhooks.sellersListening('sale');
      if (sellers.length === 0) return 0;
      const since = new Date(now.getTime() - withinMs);
      const recent = await orders.approvedOfSellersSince(sellers, since, SWEEP_BATCH);
      for (const order of recent) await sale(order, order.updatedAt);
      return recent.length;
    },
    async claimReported(claim: ReportedClaim) {
      await webhooks.emit(claim.sellerId, 'claim', claim._id.toHexString(), {
        claimId: claim._id.toHexString(),
        orderId: claim.orderId.toHexString(),
        orderNumber: claim.orderNumber,
        itemId: claim.itemId.toHexString(),
        offerId: claim.offerId.toHexString(),
        name: claim.name,
        reason: claim.reason,
        details: claim.details,
        respondBy: claim.respondBy.toISOString(),
      });
    },
  };
}
