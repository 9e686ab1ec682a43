import type { ObjectId } from 'mongodb';
import type { SaleKey, SaleLine, SaleRefund, SaleTotals, SellerSaleDetail } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { ClaimService } from '../claims/claims.service.ts';
import type { KeyFacade, OrderKeyDoc } from '../keys/keys.facade.ts';
import type { LedgerEntryDoc, LedgerFacade } from '../ledger/ledger.facade.ts';
import { toObjectId } from '../offers/object-ids.ts';
import type { OrderItemDoc } from '../orders/order-doc.ts';
import { toSale } from '../orders/order-view.ts';
import type { OrderFacade } from '../orders/orders.facade.ts';
import type { RefundDoc, RefundFacade } from '../refunds/refunds.facade.ts';

/** Claims shown on one sale: far more than one order ever gets. */
const CLAIMS_SHOWN = 100;

/** `<orderId>-<itemId>`, the sales resource's id; null when it is not one. */
export function parseSaleId(id: string): { orderId: ObjectId; itemId: string } | null {
  const [order, item, ...rest] = id.split('-');
  const orderId = order ? toObjectId(order) : null;
  if (!orderId || !item || rest.length || !toObjectId(item)) return null;
  return { orderId, itemId: item.toLowerCase() };
}

/** A key's state as its seller sees it: never its code. */
function keyState(key: OrderKeyDoc | undefined, line: OrderItemDoc): SaleKey['state'] {
  // A refunded line's unseen keys went back on sale (they left the order), seen ones revoked.
  if (!key) return 'refunded';
  if (key.status === 'refunded') return 'refunded';
  if (key.status === 'revoked') return line.refundedAt ? 'refunded' : 'revoked';
  if (key.status === 'reserved') return 'reserved';
  if (key.claimedAt) return 'claimed';
  if (key.revealedAt) return 'revealed';
  return 'delivered';
}

function toLine(item: OrderItemDoc, keys: OrderKeyDoc[]): SaleLine {
  const byId = new Map(keys.map((k) => [k._id.toHexString(), k]));
  // The line's keys, and any key of the order for its offer it does not list (a replacement).
  const ids = [
    ...new Set([
      ...item.keyIds.map((k) => k.toHexString()),
      ...keys.filter((k) => k.offerId.equals(item.offerId)).map((k) => k._id.toHexString()),
    ]),
  ];
  return {
    itemId: item._id.toHexString(),
    productId: item.productId.toHexString(),
    offerId: item.offerId.toHexString(),
    name: item.name,
    quantity: item.quantity,
    unitPriceCents: item.unitPriceCents,
    grossCents: item.unitPriceCents * item.quantity,
    deliveredCount: item.deliveredCount,
    refundedCents: item.refundedCents ?? null,
    refundedAt: item.refundedAt?.toISOString() ?? null,
    keys: ids.map((id) => {
      const key = byId.get(id);
      return {
        id,
        state: keyState(key, item),
        revealedAt: key?.revealedAt?.toISOString() ?? null,
        claimedAt: key?.claimedAt?.toISOString() ?? null,
      };
    }),
  };
}

function totalsOf(lines: SaleLine[], entries: LedgerEntryDoc[]): SaleTotals {
  let commissionCents = 0;
  let netCents = 0;
  let reversedCents = 0;
  for (const e of entries) {
    commissionCents += e.commissionCents ?? 0;
    netCents += e.amountCents;
    if (e.type !== 'sale') reversedCents -= e.amountCents;
  }
  const grossCents = lines.reduce((n, l) => n + l.grossCents, 0);
  return { grossCents, commissionCents, netCents, reversedCents };
}

/** The seller's share of a refund: the cents of their lines in it. */
function toSaleRefund(refund: RefundDoc, mine: Set<string>): SaleRefund | null {
  const lines = refund.lines.filter((l) => mine.has(l.itemId.toHexString()));
  if (!lines.length) return null;
  return {
    id: refund._id.toHexString(),
    itemId: refund.itemId?.toHexString() ?? null,
    amountCents: lines.reduce((n, l) => n + l.cents, 0),
    reason: refund.reason,
    status: refund.status,
    createdAt: refund.createdAt.toISOString(),
  };
}

/**
 * One sale as its seller sees it: the asked line, and all of the seller's part of its order —
 * lines, each key's state, the ledger's money, refunds and claims. Another seller's sale (or a
 * line that is not theirs) answers exactly like a missing one.
 */
export function createSaleDetail(deps: {
  orders: Pick<OrderFacade, 'findById'>;
  keys: Pick<KeyFacade, 'ofOrder'>;
  ledger: Pick<LedgerFacade, 'ofOrder'>;
  refunds: Pick<RefundFacade, 'ofOrders'>;
  claims: Pick<ClaimService, 'listOfSeller'>;
}) {
  return async function saleDetail(sellerId: string, saleId: string): Promise<SellerSaleDetail> {
    const ids = parseSaleId(saleId);
    const order = ids && (await deps.orders.findById(ids.orderId));
    const mineItems = order?.items.filter((i) => i.sellerId === sellerId) ?? [];
    const asked = mineItems.find((i) => i._id.toHexString() === ids?.itemId);
    if (!order || !asked) throw new AppError('NOT_FOUND');
    const mine = new Set(mineItems.map((i) => i._id.toHexString()));
    const [keys, entries, refunds, claims] = await Promise.all([
      deps.keys.ofOrder(order._id),
      deps.ledger.ofOrder(order._id),
      deps.refunds.ofOrders([order._id]),
      deps.claims.listOfSeller(
        sellerId,
        { skip: 0, limit: CLAIMS_SHOWN, sort: { field: 'createdAt', order: -1 }, filter: {} },
        { orderId: order._id.toHexString() },
      ),
    ]);
    const lines = mineItems.map((item) =>
      toLine(
        item,
        keys.filter(
          (k) => item.keyIds.some((id) => id.equals(k._id)) || k.offerId.equals(item.offerId),
        ),
      ),
    );
    return {
      ...toSale(order, asked),
      lines,
      totals: totalsOf(
        lines,
        entries.filter((e) => e.sellerId === sellerId && mine.has(e.itemId.toHexString())),
      ),
      refunds: refunds.flatMap((r) => toSaleRefund(r, mine) ?? []),
      claims: claims.rows,
    };
  };
}
export type SaleDetail = ReturnType<typeof createSaleDetail>;
