import type { Logger } from '../../logger.ts';
import { failpoint } from '../../lib/failpoints.ts';
import type { LedgerFacade } from '../ledger/ledger.facade.ts';
import type { OrderMails } from '../mails/order-mails.ts';
import type { SellerFacade } from '../sellers/sellers.facade.ts';
import type { OrderKeys } from './order-keys.ts';
import { keysByOffer } from './order-view.ts';
import type { OrderDoc } from './order-doc.ts';
import type { OrderRepository } from './orders.repository.ts';

/**
 * The units of on-demand lines, bought from the supplier after the payment (implemented by the
 * supplier-fulfilment module; orders only ask it).
 */
export type SuppliedUnits = {
  /** Whether some unit of the order's on-demand lines is neither held (a key) nor refunded. */
  owed(order: OrderDoc): Promise<boolean>;
  /**
   * Buys what is owed (resuming purchases a crash or a silent supplier left), holding the keys
   * for the order, or refunds a line the supplier refused. True when nothing is owed any more;
   * false while a unit waits (a pre-order, a supplier not answering within its patience).
   */
  settle(order: OrderDoc): Promise<boolean>;
};

/**
 * The invoice of a delivered order (implemented by the invoices module): issued once per order,
 * before the mail that carries it; answers its number and what the mail attaches (null: none).
 */
export type DeliveryInvoices = {
  issue(order: OrderDoc): Promise<{
    number: string;
    attachments: Array<{ filename: string; contentType: string; ref: string }>;
  } | null>;
};

/**
 * When delivery runs: `background` (an approval answering a buyer's request) starts buying an
 * order's on-demand units in this process and answers the order approved but undelivered; the
 * keys appear when bought. `now` (recovery, jobs) waits for the purchases.
 */
export type DeliveryMode = 'background' | 'now';

/**
 * What an approval does: the reserved keys become sold, each seller is credited their lines,
 * and the buyer gets a mail pointing at their account (never the codes: those are shown only
 * in the account, to the buyer). Every step can run again without effect, so recovery simply
 * repeats a delivery a crash interrupted. An order with on-demand units is delivered once every
 * unit is bought (or its line refunded): the purchases run first, outside the buyer's request.
 */
export function createOrderDelivery(deps: {
  orders: OrderRepository;
  orderKeys: OrderKeys;
  ledger: LedgerFacade;
  sellers: Pick<SellerFacade, 'approvedAmong'>;
  mails: Pick<OrderMails, 'delivered'>;
  supplied?: SuppliedUnits | undefined;
  invoices?: DeliveryInvoices | undefined;
  log?: Logger | undefined;
}) {
  const { orders, orderKeys, ledger, sellers, mails, supplied } = deps;
  /** Orders whose units this process is buying: one run per order at a time here. */
  const buying = new Set<string>();

  /** Buys the order's units, then delivers it if nothing is owed any more. */
  async function buyThenDeliver(order: OrderDoc, now: Date): Promise<OrderDoc> {
    const id = order._id.toHexString();
    if (buying.has(id)) return order;
    buying.add(id);
    try {
      if (!(await supplied!.settle(order))) return order;
      // Read again: a refunded line now carries its refund, which the delivery keeps.
      const fresh = await orders.findById(order._id);
      if (!fresh || fresh.status !== 'approved' || fresh.deliveredAt) return fresh ?? order;
      // Delivered when the keys are there, seconds after the approval's `now` for a slow supplier.
      return await complete(fresh, new Date(Math.max(now.getTime(), Date.now())));
    } finally {
      buying.delete(id);
    }
  }

  async function deliver(
    order: OrderDoc,
    now: Date,
    mode: DeliveryMode = 'background',
  ): Promise<OrderDoc> {
    if (!supplied || !(await supplied.owed(order))) return complete(order, now);
    if (mode === 'now') return buyThenDeliver(order, now);
    buyThenDeliver(order, now).catch((err: unknown) => {
      // The recovery (the supplier-fulfilment job, then the orders expiry job) takes it again.
      deps.log?.warn({ err, orderId: order._id.toHexString() }, 'supplier units not bought yet');
    });
    return order;
  }
  return deliver;

  async function complete(order: OrderDoc, now: Date): Promise<OrderDoc> {
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
    // Each seller is credited the line's net under the commission rule in force; the unique
    // (orderId, itemId, type) index makes a repeated credit a no-op.
    await ledger.creditSales({ ...order, items }, approved, now);
    // An order whose every line went back (on-demand units the supplier refused) has no keys to
    // announce: the refund's own mail told the buyer.
    // The invoice, before the mail that carries it: a paid order has one whatever its lines
    // became (one per order: a delivery repeated after a crash finds it and takes no number).
    const invoice = (await deps.invoices?.issue({ ...order, items })) ?? null;
    // The buyer's mail, the sellers' sales and low stock (each once: keyed by the order).
    if (!order.deliveredAt && items.some((i) => i.deliveredCount > 0)) {
      await mails.delivered(order, items, invoice);
    }
    await orders.setDelivered(order._id, items, now);
    return { ...order, items, deliveredAt: order.deliveredAt ?? now };
  }
}
export type OrderDelivery = ReturnType<typeof createOrderDelivery>;
