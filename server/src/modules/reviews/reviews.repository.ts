import type { Db, Filter, IndexDescription, ObjectId } from 'mongodb';
import type { RatingSummary, ReviewStatus } from '@market/shared';
import type { ListQuery } from '../../lib/list-query.ts';
import { countMatching } from '../../db/count.ts';

export type ReviewDoc = {
  _id: ObjectId;
  orderId: ObjectId;
  /** The order line reviewed: unique, so a line is reviewed once. */
  itemId: ObjectId;
  productId: ObjectId;
  sellerId: string;
  /** The buyer's uid. */
  userId: string;
  /** Taken when the review is written: the buyer's first name and surname initial. */
  authorName: string;
  rating: number;
  text: string;
  status: ReviewStatus;
  hiddenReason: string | null;
  createdAt: Date;
  moderatedAt: Date | null;
  moderatedBy: string | null;
  reply: { text: string; createdAt: Date } | null;
  /**
   * Written with a moderation that changes what the seller's rating counts, removed once the
   * rating is recomputed: a crash in between leaves it for `repairRatings`.
   */
  ratingStale?: true;
};

export type ReviewFilter = {
  ids?: ObjectId[];
  status?: ReviewStatus;
  productId?: ObjectId;
  sellerId?: string;
  userId?: string;
};

export const reviewIndexes: IndexDescription[] = [
  { key: { itemId: 1 }, unique: true },
  // The moderation queue by status, newest first; the latest approved for the public state.
  // (Entries of the same instant by id, so a page is read off the index, never sorted.)
  { key: { status: 1, createdAt: -1, _id: -1 } },
  { key: { createdAt: -1, _id: -1 } },
  // A product's page and a seller's rating and console read only their own.
  { key: { productId: 1, status: 1, createdAt: -1, _id: -1 } },
  { key: { sellerId: 1, status: 1, createdAt: -1, _id: -1 } },
  { key: { userId: 1, createdAt: -1, _id: -1 } },
  { key: { ratingStale: 1 }, sparse: true },
];

/** Sorted by date only: each filter has its index by date (another column would sort every match in memory). */
const SORTABLE = new Set(['createdAt']);

/** The only code that touches the `reviews` collection. */
export function createReviewRepository(db: Db) {
  const reviews = db.collection<ReviewDoc>('reviews');

  const query = (f: ReviewFilter): Filter<ReviewDoc> => ({
    ...(f.ids && { _id: { $in: f.ids } }),
    ...(f.status && { status: f.status }),
    ...(f.productId && { productId: f.productId }),
    ...(f.sellerId && { sellerId: f.sellerId }),
    ...(f.userId && { userId: f.userId }),
  });

  /** Average (two decimals) and count of the approved reviews matching `filter`. */
  async function summary(filter: Filter<ReviewDoc>): Promise<RatingSummary> {
    const [row] = await reviews
      .aggregate<{ sum: number; count: number }>([
        { $match: { ...filter, status: 'approved' } },
        { $group: { _id: null, sum: { $sum: '$rating' }, count: { $sum: 1 } } },
      ])
      .toArray();
    if (!row?.count) return { average: 0, count: 0 };
    return { average: Math.round((row.sum / row.count) * 100) / 100, count: row.count };
  }

  return {
    insert: (doc: ReviewDoc) => reviews.insertOne(doc),
    findById: (id: ObjectId) => reviews.findOne({ _id: id }),
    async page(q: ListQuery, filter: ReviewFilter) {
      const field = q.sort && SORTABLE.has(q.sort.field) ? q.sort.field : 'createdAt';
      const where = query(filter);
      const [rows, total] = await Promise.all([
        reviews
          .find(where)
          // The tie-breaker follows the order, so one index serves both directions.
          .sort({ [field]: q.sort?.order ?? -1, _id: q.sort?.order ?? -1 })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        countMatching(reviews, where),
      ]);
      return { rows, total };
    },
    /** The newest approved reviews (of one product when given). */
    latestApproved: (limit: number, productId?: ObjectId) =>
      reviews
        .find({ status: 'approved', ...(productId && { productId }) })
        .sort({ createdAt: -1, _id: -1 })
        .limit(limit)
        .toArray(),
    /**
     * Moves a review from one of `from` to `to`, marking the seller's rating stale in the same
     * update; null when its status was not in `from` (someone decided first).
     */
    moderate: (
      id: ObjectId,
      from: ReviewStatus[],
      to: ReviewStatus,
      by: string,
      hiddenReason: string | null,
    ) =>
      reviews.findOneAndUpdate(
        { _id: id, status: { $in: from } },
        {
          $set: {
            status: to,
            hiddenReason,
            moderatedAt: new Date(),
            moderatedBy: by,
            ratingStale: true,
          },
        },
        { returnDocument: 'after' },
      ),
    /** The seller's one reply to an approved review of theirs; null when not theirs or replied. */
    reply: (id: ObjectId, sellerId: string, text: string) =>
      reviews.findOneAndUpdate(
        { _id: id, sellerId, status: 'approved', reply: null },
        { $set: { reply: { text, createdAt: new Date() } } },
        { returnDocument: 'after' },
      ),
    sellerSummary: (sellerId: string) => summary({ sellerId }),
    productSummary: (productId: ObjectId) => summary({ productId }),
    /** Sellers whose rating a moderation left to recompute. */
    staleSellers: async (): Promise<string[]> =>
      (await reviews.distinct('sellerId', { ratingStale: true })) as string[],
    /** Clears the mark of the reviews of `sellerId` moderated up to `until` (their rating is in). */
    clearStale: (sellerId: string, until: Date) =>
      reviews.updateMany(
        { sellerId, ratingStale: true, moderatedAt: { $lte: until } },
        { $unset: { ratingStale: '' } },
      ),
    /** A buyer's reviews, newest first (their data export). */
    ofUser: (userId: string) => reviews.find({ userId }).sort({ createdAt: -1, _id: -1 }).toArray(),
    /** Erasure: the reviews stay (the ratings count them) under a name that is nobody's. */
    renameAuthor: (userId: string, authorName: string) =>
      reviews.updateMany({ userId }, { $set: { authorName } }),
  };
}
export type ReviewRepository = ReturnType<typeof createReviewRepository>;
