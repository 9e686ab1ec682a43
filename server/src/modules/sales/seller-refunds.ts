import type { ObjectId } from 'mongodb';
import type { Currency, SellerRefund } from '@market/shared';
import type { ListQuery } from '../../lib/list-query.ts';
import type { LedgerFacade } from '../ledger/ledger.facade.ts';
import type { OrderFacade } from '../orders/orders.facade.ts';
import type { RefundDoc, RefundFacade } from '../refunds/refunds.facade.ts';

export type SellerRefundFilter = {
  type?: 'refund' | 'chargeback' | undefined;
  currency?: Currency | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** getMany: these rows (ledger entries) only. */
  ids?: ObjectId[] | undefined;
};

/** The completed refund that covered this line: its own, else the whole order's. */
function refundOf(refunds: RefundDoc[], orderId: ObjectId, itemId: ObjectId) {
  return refunds.find(
    (r) =>
      r.status === 'completed' &&
      r.orderId.equals(orderId) &&
      r.lines.some((l) => l.itemId.equals(itemId)),
  );
}

/**
 * The seller's refunds: the ledger's reversals of their lines (what went back to a buyer, the
 * commission given back, what their balance lost), with the order's number, the line's name and
 * the refund's reason. A refund shows here once it went through (the ledger writes it then).
 */
export function createSellerRefunds(deps: {
  ledger: Pick<LedgerFacade, 'reversalsPage'>;
  orders: Pick<OrderFacade, 'summariesByIds'>;
  refunds: Pick<RefundFacade, 'ofOrders'>;
}) {
  return async function sellerRefunds(
    sellerId: string,
    q: ListQuery,
    filter: SellerRefundFilter,
  ): Promise<{ rows: SellerRefund[]; total: number }> {
    const { rows, total } = await deps.ledger.reversalsPage(sellerId, q, filter);
    const orderIds = [...new Map(rows.map((e) => [e.orderId.toHexString(), e.orderId])).values()];
    const [orders, refunds] = orderIds.length
      ? await Promise.all([deps.orders.summariesByIds(orderIds), deps.refunds.ofOrders(orderIds)])
      : [[], []];
    const byId = new Map(orders.map((o) => [o._id.toHexString(), o]));
    return {
      total,
      rows: rows.map((e): SellerRefund => {
        const order = byId.get(e.orderId.toHexString());
        const item = order?.items.find((i) => i._id.equals(e.itemId));
        const reason =
          e.type === 'chargeback'
            ? (order?.chargeback?.providerType ?? null)
            : (refundOf(refunds, e.orderId, e.itemId)?.reason ?? null);
        return {
          id: e._id.toHexString(),
          saleId: `${e.orderId.toHexString()}-${e.itemId.toHexString()}`,
          orderId: e.orderId.toHexString(),
          orderNumber: order?.number ?? '',
          itemId: e.itemId.toHexString(),
          name: item?.name ?? '',
          type: e.type === 'chargeback' ? 'chargeback' : 'refund',
          currency: e.currency,
          grossCents: -(e.grossCents ?? e.amountCents),
          commissionCents: -(e.commissionCents ?? 0),
          netCents: -e.amountCents,
          reason,
          at: e.at.toISOString(),
        };
      }),
    };
  };
}
export type SellerRefunds = ReturnType<typeof createSellerRefunds>;
