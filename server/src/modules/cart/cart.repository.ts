import { MongoServerError, type Db, type IndexDescription } from 'mongodb';
import type { Currency, RegionConfirmation } from '@market/shared';

/** A cart line as stored: the spec's fields; the price is the last one the offer had. */
export type CartLineDoc = {
  productId: string;
  sellerId: string;
  quantity: number;
  /** Major units, 2 decimals. */
  price: number;
  currency: Currency;
  isZeroVat: boolean;
  name: string;
  outOfStock: boolean;
  /** The buyer confirmed the key does not activate in their country (cart-regions.ts). */
  regionConfirmed?: RegionConfirmation;
};

export type CartDoc = {
  /** The owner's Firebase uid: one cart per user. */
  _id: string;
  products: CartLineDoc[];
  recentItem: CartLineDoc | null;
  addedFromCartPage: boolean;
  /** The last `addToCart` transaction ids, so a retried call adds nothing twice. */
  transactionIds: string[];
  /** Bumped by every write: a write based on an older read is refused and redone. */
  version: number;
  updatedAt: Date;
};

/** Carts are read and written by `_id` only. */
export const cartIndexes: IndexDescription[] = [];

/** How many transaction ids a cart remembers. */
export const REMEMBERED_TRANSACTIONS = 20;

export type CartChange = Pick<CartDoc, 'products' | 'recentItem' | 'addedFromCartPage'> & {
  transactionId?: string;
};

/** The only code that touches the `carts` collection. */
export function createCartRepository(db: Db) {
  const carts = db.collection<CartDoc>('carts');
  return {
    find: (userId: string) => carts.findOne({ _id: userId }),

    /**
     * Writes the cart if it is still at `version` (null: it does not exist yet). False when
     * another write came first: the caller reads again and redoes its change.
     */
    async save(
      userId: string,
      version: number | null,
      change: CartChange,
      now: Date,
    ): Promise<boolean> {
      const { transactionId, ...fields } = change;
      if (version === null) {
        try {
          await carts.insertOne({
            _id: userId,
            ...fields,
            transactionIds: transactionId ? [transactionId] : [],
            version: 1,
            updatedAt: now,
          });
          return true;
        } catch (err) {
          if (err instanceof MongoServerError && err.code === 11000) return false;
          throw err;
        }
      }
      const res = await carts.updateOne(
        { _id: userId, version },
        {
          $set: { ...fields, updatedAt: now },
          $inc: { version: 1 },
          ...(transactionId && {
            $push: {
              transactionIds: { $each: [transactionId], $slice: -REMEMBERED_TRANSACTIONS },
            },
          }),
        },
      );
      return res.matchedCount === 1;
    },
    /** Empties the cart in one write, whatever its version (a checkout bought it). */
    empty: (userId: string, now: Date) =>
      carts.updateOne(
        { _id: userId },
        { $set: { products: [], updatedAt: now }, $inc: { version: 1 } },
      ),
    remove: (userId: string) => carts.deleteOne({ _id: userId }),
  };
}
export type CartRepository = ReturnType<typeof createCartRepository>;
