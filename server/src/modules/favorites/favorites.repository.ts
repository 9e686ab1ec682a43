import { MongoServerError, ObjectId, type Db, type IndexDescription } from 'mongodb';

export type FavoriteDoc = {
  _id: ObjectId;
  /** The Firebase uid. */
  userId: string;
  productId: string;
  date: Date;
};

// One favorite per user and product; its userId prefix also serves the per-user list (at most
// MAX_FAVORITES rows, sorted in memory).
export const favoriteIndexes: IndexDescription[] = [
  { key: { userId: 1, productId: 1 }, unique: true },
  // A buyer's favourites, newest first.
  { key: { userId: 1, date: -1, _id: -1 } },
];

/** The only code that touches the `favorites` collection. */
export function createFavoriteRepository(db: Db) {
  const favorites = db.collection<FavoriteDoc>('favorites');
  return {
    /** A user's favorites, newest first. */
    listByUser: (userId: string) =>
      favorites.find({ userId }).sort({ date: -1, _id: -1 }).toArray(),
    countByUser: (userId: string) => favorites.countDocuments({ userId }),
    find: (userId: string, productId: string) => favorites.findOne({ userId, productId }),
    /** Adds the favorite unless it exists; the existing one (and its date) wins. */
    async addIfMissing(userId: string, productId: string, date: Date): Promise<void> {
      try {
        await favorites.updateOne(
          { userId, productId },
          { $setOnInsert: { _id: new ObjectId(), userId, productId, date } },
          { upsert: true },
        );
      } catch (err) {
        // Two concurrent upserts of the same pair: the other one inserted it, which is the goal.
        if (!(err instanceof MongoServerError && err.code === 11000)) throw err;
      }
    },
    remove: (userId: string, productId: string) => favorites.deleteOne({ userId, productId }),
    removeAllOf: (userId: string) => favorites.deleteMany({ userId }),
  };
}
export type FavoriteRepository = ReturnType<typeof createFavoriteRepository>;
