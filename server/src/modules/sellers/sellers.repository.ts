import type { Db, IndexDescription } from 'mongodb';

export const SELLER_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type SellerStatus = (typeof SELLER_STATUSES)[number];

export type SellerDoc = {
  /** Also the `sellerId` custom claim of the seller's account. */
  _id: string;
  /** Firebase uid of the account that runs this seller; null for a seller without a login yet. */
  uid: string | null;
  email: string;
  name: string;
  /** Trader data the EU's DSA asks marketplaces to hold. */
  registrationName: string;
  vatNumber: string;
  status: SellerStatus;
  createdAt: Date;
};

export const sellerIndexes: IndexDescription[] = [
  { key: { email: 1 }, unique: true },
  { key: { status: 1 } },
];

/** The only code that touches the `sellers` collection. */
export function createSellerRepository(db: Db) {
  const sellers = db.collection<SellerDoc>('sellers');
  return {
    upsert: (doc: SellerDoc) =>
      sellers.updateOne({ _id: doc._id }, { $setOnInsert: doc }, { upsert: true }),
    findById: (id: string) => sellers.findOne({ _id: id }),
  };
}
export type SellerRepository = ReturnType<typeof createSellerRepository>;
