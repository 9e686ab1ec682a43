import type { Db, IndexDescription } from 'mongodb';
import { DEFAULT_CATEGORIES, type CategoryId, type Locale } from '@market/shared';
import type { ListQuery } from '../../lib/list-query.ts';

export type CategoryDoc = {
  _id: CategoryId;
  position: number;
  name: Record<Locale, string>;
};

// Public lists are always sorted by position.
export const categoryIndexes: IndexDescription[] = [{ key: { position: 1 } }];

/** The only code that touches the `categories` collection. */
export function createCategoryRepository(db: Db) {
  const categories = db.collection<CategoryDoc>('categories');
  return {
    listByPosition: () => categories.find().sort({ position: 1 }).toArray(),

    findById: (id: string) => categories.findOne({ _id: id as CategoryId }),

    async page(q: ListQuery) {
      const sort = q.sort ? { [q.sort.field === 'id' ? '_id' : q.sort.field]: q.sort.order } : {};
      const [rows, total] = await Promise.all([
        categories
          .find()
          .sort({ ...sort, position: 1 })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        categories.countDocuments(),
      ]);
      return { rows, total };
    },

    /** Creates the four fixed categories when missing; never overwrites an admin's edits. */
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
