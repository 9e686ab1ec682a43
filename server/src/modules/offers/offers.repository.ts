import type { Db, IndexDescription, ObjectId } from 'mongodb';
import type { Currency } from '@market/shared';

export type OfferDoc = {
  _id: ObjectId;
  productId: ObjectId;
  sellerId: string;
  /** Integer cents per currency. */
  prices: Record<Currency, number>;
  /** Keys available to sell; kept equal to the count of `available` keys. */
  stock: number;
  zeroVat: boolean;
  status: 'active' | 'paused' | 'hidden';
  createdAt: Date;
  updatedAt: Date;
};

export const offerIndexes: IndexDescription[] = [
  // One offer per seller and product.
  { key: { productId: 1, sellerId: 1 }, unique: true },
  { key: { sellerId: 1, status: 1 } },
];

/** The only code that touches the `offers` collection. */
export function createOfferRepository(db: Db) {
  const offers = db.collection<OfferDoc>('offers');
  return {
    /** Inserts or refreshes the offer of a seller on a product (the seed's idempotent write). */
    upsert: (doc: Omit<OfferDoc, '_id'>) =>
      offers.findOneAndUpdate(
        { productId: doc.productId, sellerId: doc.sellerId },
        { $setOnInsert: doc },
        { upsert: true, returnDocument: 'after' },
      ),
    setStock: (id: ObjectId, stock: number) =>
      offers.updateOne({ _id: id }, { $set: { stock, updatedAt: new Date() } }),
    liveOffersOf: (productId: ObjectId) =>
      offers.find({ productId, status: 'active', stock: { $gt: 0 } }).toArray(),
  };
}
export type OfferRepository = ReturnType<typeof createOfferRepository>;
