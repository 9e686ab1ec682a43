import { ObjectId } from 'mongodb';
import type { Mailer } from '../outbox/mailer.ts';
import { failpoint } from '../../lib/failpoints.ts';
import type { LedgerFacade } from '../ledger/ledger.facade.ts';
import type { SellerFacade } from '../sellers/sellers.facade.ts';
import type { OrderKeys } from './order-keys.ts';
import { keysByOffer } from './order-view.ts';
import type { OrderDoc } from './order-doc.ts';
import type { OrderRepository } from './orders.repository.ts';

/**
 * What an approval does: the reserved keys become sold, each seller is credited their lines,
 * and the buyer gets a mail pointing at their account (never the codes: those are shown only
 * in the account, to the buyer). Every step can run again without effect, so recovery simply
 * repeats a delivery a crash interrupted.
 */
export function createOrderDelivery(deps: {
  orders: OrderRepository;
  orderKeys: OrderKeys;
  ledger: LedgerFacade;
  sellers: Pick<SellerFacade, 'approvedAmong'>;
  mailer: Mailer;
  publicOrigin: string;
}) {
  const { orders, orderKeys, ledger, sellers, mailer, publicOrigin } = deps;

  return async function deliver(order: OrderDoc, now: Date): Promise<OrderDoc> {
    const byOffer = keysByOffer(await orderKeys.sell(order._id, now));
    failpoint('delivery.afterKeysSold');
    const items = order.items.map((item) => {
      const sold = (byOffer.get(item.offerId.toHexString()) ?? []).filter(
        (k) => k.status === 'sold',
      );
      return { ...item, keyIds: sold.map((k) => k._id), deliveredCount: sold.length };
    });
    // A seller suspended since the order was paid is credited nothing: the line's sale is held.
    // (A delivery repeated after reinstatement keeps the entry first written: the index wins.)
    const approved = await sellers.approvedAmong([...new Set(items.map((i) => i.sellerId))]);
    // The unique (orderId, itemId, type) index makes a repeated credit a no-op.
    await ledger.record(
      items.map((item) => ({
        _id: new ObjectId(),
        sellerId: item.sellerId,
        orderId: order._id,
        itemId: item._id,
        type: 'sale' as const,
        amountCents: item.unitPriceCents * item.quantity,
        currency: order.currency,
        at: now,
        ...(approved.has(item.sellerId) ? {} : { held: true }),
      })),
    );
    if (!order.deliveredAt) {
      // Opens this order in the account page (it keeps `?order=` through a sign-in).
      const link = `${publicOrigin}/account?order=${order._id.toHexString()}`;
      await mailer.send({
        to: order.email,
        kind: 'order-delivered',
        subject: `Your order ${order.number} is ready`,
        text: `Your order ${order.number} is approved. Your keys are waiting in your account: ${link}`,
        html: `<p>Your order <strong>${order.number}</strong> is approved.</p><p>Your keys are waiting in <a href="${link}">your account</a>.</p>`,
      });
    }
    await orders.setDelivered(order._id, items, now);
    return { ...order, items, deliveredAt: order.deliveredAt ?? now };
  };
}
export type OrderDelivery = ReturnType<typeof createOrderDelivery>;
