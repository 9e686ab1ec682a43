import type { Db, Document, Filter } from 'mongodb';
import { ObjectId } from 'mongodb';
import type { Currency, OrderStatus } from '@market/shared';
import type { OrderDoc } from '../orders/order-doc.ts';

/**
 * The dashboards' reads: aggregations over orders, page views, offers and the few names they
 * show. Read-only, and the only code of this module that touches the database: the figures are
 * computed where the data is (one `$group` per figure), so a dashboard costs a few queries
 * whatever the number of orders.
 */

/** One `$group` row: a day or a ranked id, in one currency. */
export type GroupRow = {
  /** A day (`YYYY-MM-DD`), a seller id, or a product's ObjectId. */
  _id: { key: string | ObjectId; currency: Currency };
  name?: string;
  revenue: number;
  units: number;
  orders: number;
};

/** The names the dashboards show beside ids (a seller's shop, a product in English). */
type NamedDoc = { _id: string | ObjectId; name: string | { en: string } };

/** Orders that count as sales: delivered (approved) and placed in the period. */
const salesOf = (from: Date, sellerId?: string): Filter<OrderDoc> => ({
  status: 'approved',
  createdAt: { $gte: from },
  ...(sellerId && { 'items.sellerId': sellerId }),
});

/** A line's money: its price less its coupon share and what was refunded of it. */
const LINE_REVENUE = {
  $subtract: [
    { $multiply: ['$items.unitPriceCents', '$items.quantity'] },
    { $add: [{ $ifNull: ['$items.discountCents', 0] }, { $ifNull: ['$items.refundedCents', 0] }] },
  ],
};

const DAY = { $dateToString: { format: '%Y-%m-%d', date: '$createdAt' } };

export function createDashboardRepository(db: Db) {
  const orders = db.collection<OrderDoc>('orders');

  /** Sold lines grouped by `key` (a day, a product, a seller) and currency. */
  const linesBy = (key: unknown, from: Date, sellerId?: string) =>
    orders
      .aggregate<GroupRow>([
        { $match: salesOf(from, sellerId) },
        { $unwind: '$items' },
        ...(sellerId ? [{ $match: { 'items.sellerId': sellerId } }] : []),
        {
          $group: {
            _id: { key, currency: '$currency' },
            name: { $first: '$items.name' },
            revenue: { $sum: LINE_REVENUE },
            units: { $sum: '$items.quantity' },
            orders: { $addToSet: '$_id' },
          },
        },
        { $set: { orders: { $size: '$orders' } } },
      ])
      .toArray();

  /** `_id → name` for the ids given, from one collection. */
  async function namesIn(collection: string, ids: (string | ObjectId)[]) {
    if (!ids.length) return new Map<string, string>();
    const docs = await db
      .collection<NamedDoc>(collection)
      .find({ _id: { $in: ids } } as Filter<NamedDoc>, { projection: { name: 1 } })
      .toArray();
    return new Map(
      docs.map((d) => [String(d._id), typeof d.name === 'string' ? d.name : d.name.en]),
    );
  }

  return {
    /** Every order's delivered lines by the day it was placed, one row per day and currency. */
    salesPerDay: (from: Date, sellerId?: string) => linesBy(DAY, from, sellerId),
    // By the ObjectId itself: the engine's `$toString` does not convert ObjectIds.
    salesPerProduct: (from: Date, sellerId?: string) => linesBy('$items.productId', from, sellerId),
    salesPerSeller: (from: Date) => linesBy('$items.sellerId', from),

    /** Orders placed since `from`, counted by their status now. */
    ordersByStatus: (from: Date) =>
      orders
        .aggregate<{
          _id: OrderStatus;
          count: number;
        }>([
          { $match: { createdAt: { $gte: from } } },
          { $group: { _id: '$status', count: { $sum: 1 } } },
        ])
        .toArray(),

    pageViews: (from: Date) =>
      db.collection('events').countDocuments({ type: 'page_view', createdAt: { $gte: from } }),

    /** What waits for an admin: the order review queue, shop applications, reviews, claims. */
    async waiting() {
      const [reviewQueue, sellerApplications, pendingReviews, escalatedClaims] = await Promise.all([
        orders.countDocuments({ status: 'review' }),
        db.collection('sellers').countDocuments({ status: 'pending' }),
        db.collection('reviews').countDocuments({ status: 'pending' }),
        db.collection('claims').countDocuments({ status: 'escalated' }),
      ]);
      return { reviewQueue, sellerApplications, pendingReviews, escalatedClaims };
    },

    /**
     * One queue of work: how many documents match, and the `dated` instant of the oldest (the
     * earliest deadline). Both read the `{ …filter, dated }` index each queue has, whatever
     * the collection's size.
     */
    async queue(collection: string, filter: Filter<Document>, dated: string) {
      const c = db.collection(collection);
      const [count, oldest] = await Promise.all([
        c.countDocuments(filter),
        c.findOne(filter, { projection: { [dated]: 1 }, sort: { [dated]: 1 } }),
      ]);
      const at: unknown = oldest?.[dated];
      return { count, oldestAt: at instanceof Date ? at.toISOString() : null };
    },

    /** The seller's offers on sale with `atMost` units or fewer, lowest first. */
    lowStock: (sellerId: string, atMost: number, limit: number) =>
      db
        .collection<{ _id: ObjectId; productId: ObjectId; stock: number }>('offers')
        .find(
          { sellerId, status: 'active', stock: { $lte: atMost } },
          { projection: { productId: 1, stock: 1 }, sort: { stock: 1, _id: 1 }, limit },
        )
        .toArray(),

    productNames: (ids: string[]) =>
      namesIn(
        'products',
        ids.filter((id) => ObjectId.isValid(id)).map((id) => new ObjectId(id)),
      ),
    sellerNames: (ids: string[]) => namesIn('sellers', ids),
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
