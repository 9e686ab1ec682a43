import type { Collection, Document, Filter } from 'mongodb';

/**
 * How many documents match `filter`, for a list's total. Without a condition the count is read
 * from the collection's metadata (`estimatedDocumentCount`): `countDocuments({})` reads every
 * document on a real MongoDB, on every page of an admin list.
 */
export function countMatching<T extends Document>(
  collection: Collection<T>,
  filter: Filter<T>,
): Promise<number> {
  return Object.keys(filter).length
    ? collection.countDocuments(filter)
    : collection.estimatedDocumentCount();
}
