import type { Db, ObjectId } from 'mongodb';

/** Relevance's tie-breakers for one product. */
export type ProductSignals = { sales: number; rating: number };

/** The window of the sales that rank search results: recent sales say what buyers want now. */
export const SALES_DAYS = 90;
const DAY_MS = 86_400_000;

/** The fields of an order these reads use (orders/order-doc.ts). */
type OrderRow = {
  status: string;
  createdAt: Date;
  items: { productId: ObjectId; quantity: number }[];
};
/** The fields of a review these reads use (reviews/reviews.repository.ts). */
type ReviewRow = { productId: ObjectId; status: string; rating: number };

/**
 * Per product: units of paid orders placed in the last `SALES_DAYS` days (`approved`: paid and
 * delivered, as the dashboards and the home's bestsellers count them; a charged-back or declined
 * order sold nothing) and the average of its approved reviews (as its page shows it). A whole
 * aggregate each time, not a counter kept by each payment: every instance reads the same answer
 * however many read it and however often, and nothing is counted twice or lost in a crash.
 * Read off the orders' {status, createdAt} and the reviews' {productId, status, …} indexes.
 */
export function createSignalsReader(db: Db, now: () => Date = () => new Date()) {
  const orders = db.collection<OrderRow>('orders');
  const reviews = db.collection<ReviewRow>('reviews');
  return async (): Promise<Map<string, ProductSignals>> => {
    const since = new Date(now().getTime() - SALES_DAYS * DAY_MS);
    const [sold, rated] = await Promise.all([
      orders
        .aggregate<{ _id: ObjectId; units: number }>([
          { $match: { status: 'approved', createdAt: { $gte: since } } },
          { $unwind: '$items' },
          { $group: { _id: '$items.productId', units: { $sum: '$items.quantity' } } },
        ])
        .toArray(),
      reviews
        .aggregate<{ _id: ObjectId; rating: number }>([
          { $match: { status: 'approved' } },
          { $group: { _id: '$productId', rating: { $avg: '$rating' } } },
        ])
        .toArray(),
    ]);
    const out = new Map<string, ProductSignals>();
    const of = (id: ObjectId) => {
      const key = id.toHexString();
      let row = out.get(key);
      if (!row) out.set(key, (row = { sales: 0, rating: 0 }));
      return row;
    };
    for (const r of sold) of(r._id).sales = r.units;
    // Two decimals, as the product page shows it: equal ratings on the page are equal here.
    for (const r of rated) of(r._id).rating = Math.round(r.rating * 100) / 100;
    return out;
  };
}
