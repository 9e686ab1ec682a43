import type { Db, ObjectId } from 'mongodb';
import type { OrderDoc } from '../orders/order-doc.ts';

/** The fields of a product these reads filter and sort on (products.repository.ts's ProductDoc). */
type ProductRow = {
  _id: ObjectId;
  eurMin: number | null;
  createdAt: Date;
};

const DAY_MS = 86_400_000;
/** The window of the bestsellers. */
export const HOME_ROW_DAYS = 30;

/**
 * The home page's rows, read as the dashboards read sales: bestsellers (units of delivered
 * orders placed in the last 30 days) and new arrivals (the newest products someone sells); the
 * price drops are the price history's (modules/price-history). Ids only, in order; the
 * public state turns them into cards and keeps them in memory until a write (state-memo.ts).
 */
export function createHomeRowsRepository(db: Db, now: () => Date = () => new Date()) {
  const orders = db.collection<OrderDoc>('orders');
  const products = db.collection<ProductRow>('products');
  const since = () => new Date(now().getTime() - HOME_ROW_DAYS * DAY_MS);
  const ids = (rows: { _id: ObjectId }[]) => rows.map((r) => r._id);
  return {
    /** Read off the orders' {status, createdAt} index: one month's delivered orders. */
    bestsellerIds: async (limit: number) =>
      ids(
        await orders
          .aggregate<{ _id: ObjectId }>([
            { $match: { status: 'approved', createdAt: { $gte: since() } } },
            { $unwind: '$items' },
            { $group: { _id: '$items.productId', units: { $sum: '$items.quantity' } } },
            { $sort: { units: -1, _id: 1 } },
            { $limit: limit },
          ])
          .toArray(),
      ),
    /** Walks the {createdAt, _id} index from the newest, skipping products nobody sells. */
    newArrivalIds: async (limit: number) =>
      ids(
        await products
          .find({ eurMin: { $ne: null } }, { projection: { _id: 1 } })
          .sort({ createdAt: -1, _id: -1 })
          .limit(limit)
          .toArray(),
      ),
  };
}
export type HomeRowsRepository = ReturnType<typeof createHomeRowsRepository>;
