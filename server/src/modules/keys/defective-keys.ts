import type { Collection, ObjectId } from 'mongodb';

/**
 * The keys side of defective-key claims (`../claims`): a claimed key taken out of its buyer's
 * hands once replaced, and the keys a seller sold (the defect rate's denominator). Part of the
 * keys repository, kept apart so the repository stays one readable file.
 */
export function defectiveKeyQueries(keys: Collection) {
  return {
    /**
     * A sold key its buyer reported as not working is revoked for good (it stays the order's, so
     * the buyer sees it as such); null when it is no longer sold to the order (done before).
     */
    revokeDefective: (id: ObjectId, orderId: ObjectId, at: Date) =>
      keys.findOneAndUpdate(
        { _id: id, orderId, status: 'sold' },
        { $set: { status: 'revoked', defectiveAt: at } },
        { projection: { _id: 1 } },
      ),
    /** How many keys the seller sold since `since` (replacements included). */
    countSoldSince: (sellerId: string, since: Date) =>
      keys.countDocuments({ sellerId, soldAt: { $gte: since } }),
  };
}
