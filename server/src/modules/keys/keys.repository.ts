import { MongoBulkWriteError, type Db, type IndexDescription, type ObjectId } from 'mongodb';

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
    /**
     * Inserts keys, skipping any whose hash exists already (E11000 on the unique `hash` index);
     * returns how many went in and how many were skipped. Any other write error is thrown.
     */
    async insertNew(
      docs: Omit<KeyDoc, '_id'>[],
    ): Promise<{ inserted: number; duplicates: number }> {
      if (!docs.length) return { inserted: 0, duplicates: 0 };
      try {
        const res = await keys.insertMany(docs as KeyDoc[], { ordered: false });
        return { inserted: res.insertedCount, duplicates: 0 };
      } catch (err) {
        if (!(err instanceof MongoBulkWriteError)) throw err;
        const writeErrors = [err.writeErrors].flat();
        if (!writeErrors.length || writeErrors.some((e) => e.code !== 11000)) throw err;
        return { inserted: err.insertedCount, duplicates: writeErrors.length };
      }
    },
    countAvailable: (offerId: ObjectId) => keys.countDocuments({ offerId, status: 'available' }),
  };
}
export type KeyRepository = ReturnType<typeof createKeyRepository>;
