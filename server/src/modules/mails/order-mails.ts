import type { ObjectId } from 'mongodb';
import { LOW_STOCK_UNITS } from '../dashboards/dashboards.service.ts';
import type { OrderDoc, OrderItemDoc } from '../orders/order-doc.ts';
import type { MailAttachment } from '../outbox/mailer.ts';
import type { Mails } from './mails.ts';
import {
  orderCancelledMail,
  orderDeliveredMail,
  orderReceivedMail,
  orderReviewMail,
  refundIssuedMail,
  sellerLowStockMail,
  sellerSaleMail,
  type MailLine,
} from './templates.ts';

const lineOf = (item: OrderItemDoc): MailLine => ({
  name: item.name,
  quantity: item.quantity,
  totalCents: item.unitPriceCents * item.quantity,
  vatRateBps: item.zeroVat ? 0 : item.vatRateBps,
});

/**
 * The mails of an order's life, each keyed by its event so a repeated step (recovery after a
 * crash, a webhook racing the buyer's return) mails once: to the buyer, in their account's
 * language, and to the sellers of its lines, in theirs.
 */
export function createOrderMails(deps: {
  mails: Mails;
  offers: { findById(id: ObjectId): Promise<{ stock: number; source?: { kind: string } } | null> };
}) {
  const { mails } = deps;
  const buyer = (order: OrderDoc) => ({ email: order.email, uid: order.userId });
  const orderLink = (order: OrderDoc) => mails.link(`/account?order=${order._id.toHexString()}`);
  const summary = (order: OrderDoc, items = order.items) => ({
    number: order.number,
    link: orderLink(order),
    currency: order.currency,
    lines: items.map(lineOf),
    totals: order.totals,
  });

  /** A seller whose offer a sale brought down to the low-stock mark (crossed, not below). */
  async function lowStock(order: OrderDoc, item: OrderItemDoc): Promise<void> {
    const offer = await deps.offers.findById(item.offerId);
    // Supplier-backed offers are restocked by their supplier, not by the seller's uploads.
    if (!offer || offer.source?.kind === 'supplier') return;
    if (offer.stock > LOW_STOCK_UNITS || offer.stock + item.quantity <= LOW_STOCK_UNITS) return;
    await mails.toSeller(
      item.sellerId,
      sellerLowStockMail,
      { item: item.name, stock: offer.stock, link: mails.link('/seller/offers') },
      `low-stock:${item.offerId.toHexString()}:${order._id.toHexString()}`,
    );
  }

  return {
    /** The capture is recorded: a receipt of what was paid. */
    received: (order: OrderDoc) =>
      mails.send(
        buyer(order),
        orderReceivedMail,
        summary(order),
        `order-received:${order._id.toHexString()}`,
      ),

    /** The paid order waits for a person. */
    review: (order: OrderDoc) =>
      mails.send(
        buyer(order),
        orderReviewMail,
        { number: order.number, link: orderLink(order) },
        `order-review:${order._id.toHexString()}`,
      ),

    /** A paid order ended undelivered: its money goes back in full (the refunds send it). */
    async ended(order: OrderDoc): Promise<void> {
      const paid = order.payment?.status === 'captured';
      if (!paid) return;
      await mails.send(
        buyer(order),
        orderCancelledMail,
        {
          number: order.number,
          link: orderLink(order),
          declined: order.status !== 'cancelled',
          refundCents: order.payment?.amountCents ?? 0,
          currency: order.currency,
        },
        `order-ended:${order._id.toHexString()}`,
      );
    },

    /**
     * The keys are delivered: the buyer's mail (lines, totals, VAT, the sellers' trader details),
     * each seller's sale, and an offer the sale brought low.
     */
    async delivered(
      order: OrderDoc,
      items: OrderItemDoc[],
      invoice?: { number: string; attachments: MailAttachment[] } | null,
    ): Promise<void> {
      const id = order._id.toHexString();
      const sold = items.filter((i) => i.deliveredCount > 0);
      await mails.send(
        buyer(order),
        orderDeliveredMail,
        {
          ...summary(order, items),
          sellers: await mails.traders(sold.map((i) => i.sellerId)),
          invoice: invoice?.number ?? null,
        },
        `order-delivered:${id}`,
        invoice?.attachments,
      );
      for (const sellerId of new Set(sold.map((i) => i.sellerId))) {
        const theirs = sold.filter((i) => i.sellerId === sellerId);
        await mails.toSeller(
          sellerId,
          sellerSaleMail,
          {
            number: order.number,
            currency: order.currency,
            lines: theirs.map(lineOf),
            link: mails.link('/seller/'),
          },
          `seller-sale:${id}:${sellerId}`,
        );
      }
      for (const item of sold) await lowStock(order, item);
    },

    /** Money went back to the buyer: a line (`itemId`) or the whole order. */
    refunded: (
      order: OrderDoc,
      refund: { id: ObjectId; amountCents: number; itemId: ObjectId | null },
      attachments?: MailAttachment[],
    ) =>
      mails.send(
        buyer(order),
        refundIssuedMail,
        {
          number: order.number,
          link: orderLink(order),
          amountCents: refund.amountCents,
          currency: order.currency,
          item: order.items.find((i) => refund.itemId && i._id.equals(refund.itemId))?.name ?? null,
        },
        `refund-issued:${refund.id.toHexString()}`,
        attachments,
      ),
  };
}
export type OrderMails = ReturnType<typeof createOrderMails>;
