import type { Db, Filter, IndexDescription } from 'mongodb';
import { DEFAULT_CATEGORIES, type CategoryId, type Locale } from '@market/shared';
import type { ListQuery } from '../../lib/list-query.ts';

export type CategoryDoc = {
  _id: CategoryId;
  position: number;
  name: Record<Locale, string>;
  /**
   * Set when an admin deletes the category. The document stays as a tombstone so that
   * `ensureDefaults`, which runs on every start, does not bring a deleted category back (an
   * "only when the collection is empty" rule would, once the last category is deleted).
   */
  deletedAt?: Date;
};

// Public lists are always sorted by position.
export const categoryIndexes: IndexDescription[] = [{ key: { position: 1 } }];

const LIVE: Filter<CategoryDoc> = { deletedAt: { $exists: false } };
const SORTABLE = new Set(['position', 'id', 'name.en', 'name.it']);

/** The only code that touches the `categories` collection. Deleted categories are never read. */
export function createCategoryRepository(db: Db) {
  const categories = db.collection<CategoryDoc>('categories');
  return {
    listByPosition: () => categories.find(LIVE).sort({ position: 1 }).toArray(),

    findById: (id: string) => categories.findOne({ _id: id as CategoryId, ...LIVE }),

    async page(q: ListQuery, filter: { id?: string[] } = {}) {
      const query: Filter<CategoryDoc> = { ...LIVE };
      if (filter.id) query._id = { $in: filter.id as CategoryId[] };
      const field = q.sort && SORTABLE.has(q.sort.field) ? q.sort.field : 'position';
      const sort = { [field === 'id' ? '_id' : field]: q.sort?.order ?? 1 };
      const [rows, total] = await Promise.all([
        categories
          .find(query)
          .sort({ ...sort, position: 1 })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        categories.countDocuments(query),
      ]);
      return { rows, total };
    },

    /** Sets position and names of a live category; null when there is none. */
    update: (id: CategoryId, fields: Pick<CategoryDoc, 'position' | 'name'>) =>
      categories.findOneAndUpdate(
        { _id: id, ...LIVE },
        { $set: fields },
        { returnDocument: 'after' },
      ),

    /** Marks the live categories among `ids` deleted; answers the ids it deleted. */
    async markDeleted(ids: CategoryId[]): Promise<CategoryId[]> {
      const live = await categories.find({ _id: { $in: ids }, ...LIVE }).toArray();
      if (!live.length) return [];
      const found = live.map((d) => d._id);
      await categories.updateMany(
        { _id: { $in: found }, ...LIVE },
        { $set: { deletedAt: new Date() } },
      );
      return found;
    },

    /** Creates the four fixed categories when missing; never overwrites edits or undeletes. */
    async ensureDefaults() {
      for (const c of DEFAULT_CATEGORIES) {
        await categories.updateOne(
          { _id: c.id },
          { $setOnInsert: { position: c.position, name: c.name } },
          { upsert: true },
        );
      }
    },
  };
}
export type CategoryRepository = ReturnType<typeof createCategoryRepository>;
