import type { ObjectId } from 'mongodb';
import type { AdminOrder, Order, OrderItem, OrderKey, SellerSale } from '@market/shared';
import type { OrderKeyDoc } from '../keys/keys.facade.ts';
import type { OrderDoc, OrderItemDoc } from './order-doc.ts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The keys of an order, grouped per offer (one line per offer). */
export function keysByOffer(keys: OrderKeyDoc[]): Map<string, OrderKeyDoc[]> {
  const byOffer = new Map<string, OrderKeyDoc[]>();
  for (const key of keys) {
    const offer = key.offerId.toHexString();
    byOffer.set(offer, [...(byOffer.get(offer) ?? []), key]);
  }
  return byOffer;
}

function toItem(item: OrderItemDoc, keys: OrderKeyDoc[], approved: boolean): OrderItem {
  return {
    id: item._id.toHexString(),
    offerId: item.offerId.toHexString(),
    productId: item.productId.toHexString(),
    sellerId: item.sellerId,
    name: item.name,
    categoryId: item.categoryId,
    quantity: item.quantity,
    unitPriceCents: item.unitPriceCents,
    zeroVat: item.zeroVat,
    vatRateBps: item.vatRateBps,
    deliveredCount: item.deliveredCount,
    refundedCents: item.refundedCents ?? 0,
    keys: approved ? deliveredKeys(item, keys) : [],
    ...(item.regionConfirmed && {
      regionConfirmed: {
        country: item.regionConfirmed.country,
        at: item.regionConfirmed.at.toISOString(),
      },
    }),
  };
}

/**
 * Only a delivered key is the buyer's: reserved ones are shown as nothing at all. After a refund
 * a revealed key stays the order's as `revoked`; an unrevealed one went back on sale and no
 * longer names the order, so the line's own record of it says `refunded`.
 */
function deliveredKeys(item: OrderItemDoc, keys: OrderKeyDoc[]): OrderKey[] {
  const shown: OrderKey[] = keys
    .filter((k) => k.status === 'sold' || k.status === 'revoked')
    .map((k) => ({
      id: k._id.toHexString(),
      status: k.status === 'sold' ? 'sold' : 'revoked',
      revealedAt: iso(k.revealedAt),
    }));
  if (!item.refundedAt) return shown;
  const held = new Set(keys.map((k) => k._id.toHexString()));
  const returned = item.keyIds
    .map((id) => id.toHexString())
    .filter((id) => !held.has(id))
    .map((id): OrderKey => ({ id, status: 'refunded', revealedAt: null }));
  return [...shown, ...returned];
}

/** An order as its buyer reads it; `keys` are the order's keys (any status). */
export function toOrder(doc: OrderDoc, keys: OrderKeyDoc[]): Order {
  const byOffer = keysByOffer(keys);
  return {
    id: doc._id.toHexString(),
    number: doc.number,
    items: doc.items.map((item) =>
      toItem(
        item,
        byOffer.get(item.offerId.toHexString()) ?? [],
        // A charged-back order still shows what was delivered (revoked, or revealed before).
        doc.status === 'approved' || doc.status === 'charged_back',
      ),
    ),
    currency: doc.currency,
    totals: doc.totals,
    couponCode: doc.couponCode,
    status: doc.status,
    reservationExpiresAt: iso(doc.reservationExpiresAt),
    accountPurchaseConfirmedAt: iso(doc.accountPurchaseConfirmedAt),
    refundedCents: doc.refundedCents,
    createdAt: doc.createdAt.toISOString(),
    ...(doc.tax && { tax: doc.tax }),
  };
}

/** An order in the admin console: the buyer's view plus buyer, payment and decisions. */
export function toAdminOrder(doc: OrderDoc, keys: OrderKeyDoc[]): AdminOrder {
  return {
    ...toOrder(doc, keys),
    userId: doc.userId,
    email: doc.email,
    payment: doc.payment
      ? {
          provider: doc.payment.provider,
          providerRef: doc.payment.providerRef,
          captureId: doc.payment.captureId,
          status: doc.payment.status,
          amountCents: doc.payment.amountCents,
        }
      : null,
    decisions: doc.decisions.map((d) => ({
      status: d.status,
      reason: d.reason,
      actor: d.actor,
      actorUid: d.actorUid,
      at: d.at.toISOString(),
    })),
    attribution: doc.attribution,
    ip: doc.ip,
  };
}

/** One order line as its seller sees it: no buyer. */
export function toSale(
  order: Pick<OrderDoc, '_id' | 'number' | 'currency' | 'status' | 'createdAt'>,
  item: OrderItemDoc,
): SellerSale {
  const orderId: ObjectId = order._id;
  return {
    id: `${orderId.toHexString()}-${item._id.toHexString()}`,
    orderId: orderId.toHexString(),
    orderNumber: order.number,
    productId: item.productId.toHexString(),
    offerId: item.offerId.toHexString(),
    name: item.name,
    quantity: item.quantity,
    unitPriceCents: item.unitPriceCents,
    currency: order.currency,
    status: order.status,
    deliveredCount: item.deliveredCount,
    createdAt: order.createdAt.toISOString(),
  };
}
