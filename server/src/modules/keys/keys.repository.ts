import type { Db, IndexDescription, ObjectId } from 'mongodb';

export const KEY_STATUSES = ['available', 'reserved', 'sold', 'refunded', 'revoked'] as const;
export type KeyStatus = (typeof KEY_STATUSES)[number];

export type KeyDoc = {
  _id: ObjectId;
  offerId: ObjectId;
  productId: ObjectId;
  sellerId: string;
  /** Keyed hash of the code: the marketplace-wide uniqueness check never sees plaintext. */
  hash: string;
  /** The code, encrypted (see key-vault.ts). Never leaves the server except to its buyer. */
  secret: string;
  status: KeyStatus;
  source: 'upload' | 'supplier';
  createdAt: Date;
};

export const keyIndexes: IndexDescription[] = [
  // A key present anywhere in the marketplace, in any status, is refused a second time.
  { key: { hash: 1 }, unique: true },
  // Allocation claims the next available key of an offer.
  { key: { offerId: 1, status: 1 } },
];

/** The only code that touches the `keys` collection. */
export function createKeyRepository(db: Db) {
  const keys = db.collection<KeyDoc>('keys');
  return {
    /** Inserts keys, skipping any whose hash exists already; returns how many went in. */
    async insertNew(docs: Omit<KeyDoc, '_id'>[]): Promise<number> {
      if (!docs.length) return 0;
      try {
        const res = await keys.insertMany(docs as KeyDoc[], { ordered: false });
        return res.insertedCount;
      } catch (err) {
        const inserted = err as { insertedCount?: number; result?: { insertedCount?: number } };
        return inserted.insertedCount ?? inserted.result?.insertedCount ?? 0;
      }
    },
    countAvailable: (offerId: ObjectId) => keys.countDocuments({ offerId, status: 'available' }),
  };
}
export type KeyRepository = ReturnType<typeof createKeyRepository>;
