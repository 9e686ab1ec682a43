import type { AdminOrder, Order, OrderStatus } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { ListQuery } from '../../lib/list-query.ts';
import type { KeyFacade } from '../keys/keys.facade.ts';
import { toObjectId, toObjectIds } from '../offers/object-ids.ts';
import type { OrderDoc } from './order-doc.ts';
import { toAdminOrder, toOrder, toSale } from './order-view.ts';
import type { OrderPageFilter, OrderRepository } from './orders.repository.ts';

/** Reading orders: the buyer's, the admin's, a seller's sales. */
export function createOrderQueries(deps: {
  orders: OrderRepository;
  keys: Pick<KeyFacade, 'ofOrder' | 'ofOrders'>;
}) {
  const { orders, keys } = deps;

  const findOrder = async (id: string) => {
    const oid = toObjectId(id);
    const doc = oid && (await orders.findById(oid));
    if (!doc) throw new AppError('NOT_FOUND');
    return doc;
  };
  const findOwn = async (userId: string, id: string) => {
    const oid = toObjectId(id);
    // Another buyer's order answers exactly like a missing one.
    const doc = oid && (await orders.findOwn(oid, userId));
    if (!doc) throw new AppError('NOT_FOUND');
    return doc;
  };

  /** The keys of these orders, fetched in one query. */
  const keysOf = async (docs: OrderDoc[]) => {
    const all = docs.length ? await keys.ofOrders(docs.map((d) => d._id)) : [];
    return (doc: OrderDoc) => all.filter((k) => k.orderId?.equals(doc._id));
  };

  return {
    /** The order stored under `id`; 404 when there is none. */
    findOrder,

    /** The order a payment belongs to (a provider's return or webhook). */
    findByProviderRef: (providerRef: string) => orders.findByProviderRef(providerRef),

    async listOwn(userId: string, q: ListQuery, status?: OrderStatus) {
      const { rows, total } = await orders.page(q, { userId, status });
      const keysFor = await keysOf(rows);
      return { rows: rows.map((doc) => toOrder(doc, keysFor(doc))), total };
    },
    async getOwn(userId: string, id: string): Promise<Order> {
      const doc = await findOwn(userId, id);
      return toOrder(doc, await keys.ofOrder(doc._id));
    },

    async adminList(
      q: ListQuery,
      filter: Omit<OrderPageFilter, 'id'> & { id?: string | string[] | undefined },
    ) {
      const { rows, total } = await orders.page(q, {
        ...filter,
        id: filter.id === undefined ? undefined : toObjectIds(filter.id),
      });
      const keysFor = await keysOf(rows);
      return { rows: rows.map((doc) => toAdminOrder(doc, keysFor(doc))), total };
    },
    async adminGet(id: string): Promise<AdminOrder> {
      const doc = await findOrder(id);
      return toAdminOrder(doc, await keys.ofOrder(doc._id));
    },

    async sales(sellerId: string, q: ListQuery, status?: OrderStatus, id?: string | string[]) {
      const ids = id === undefined ? undefined : saleIds(id);
      const { rows, total } = await orders.salesPage(sellerId, q, status, ids);
      return { rows: rows.map((row) => toSale(row, row.items)), total };
    },
  };
}

/** A sale's id is `<orderId>-<itemId>`; ids of another shape match nothing. */
function saleIds(id: string | string[]) {
  const pairs = [id].flat().map((one) => one.split('-'));
  const ok = pairs.filter((p) => p.length === 2);
  return {
    orders: toObjectIds(ok.map(([order]) => order!)),
    items: toObjectIds(ok.map(([, item]) => item!)),
  };
}
