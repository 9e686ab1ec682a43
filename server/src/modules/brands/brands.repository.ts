import type { Db, Filter, IndexDescription } from 'mongodb';
import type { ListQuery } from '../../lib/list-query.ts';

export type BrandDoc = {
  /** Slug of the name, e.g. `northwind-games`. */
  _id: string;
  name: string;
};

export const brandIndexes: IndexDescription[] = [
  // Products name their brand; the lookup matches it against the slug or the name.
  { key: { name: 1 }, unique: true },
];

const SORTABLE = new Set(['id', 'name']);
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The only code that touches the `brands` collection. */
export function createBrandRepository(db: Db) {
  const brands = db.collection<BrandDoc>('brands');
  return {
    /** The brand whose slug or name is `value` (the spec's subcategory lookup). */
    findByIdOrName: (value: string) => brands.findOne({ $or: [{ _id: value }, { name: value }] }),

    findById: (id: string) => brands.findOne({ _id: id }),

    findByName: (name: string) => brands.findOne({ name }),

    /** A console page, by name unless asked otherwise; `q` matches the name. */
    async page(q: ListQuery, filter: { id?: string[]; q?: string }) {
      const query: Filter<BrandDoc> = {};
      if (filter.id) query._id = { $in: filter.id };
      if (filter.q) query.name = { $regex: escapeRegex(filter.q), $options: 'i' };
      const field = q.sort && SORTABLE.has(q.sort.field) ? q.sort.field : 'name';
      const [rows, total] = await Promise.all([
        brands
          .find(query)
          .sort({ [field === 'id' ? '_id' : field]: q.sort?.order ?? 1, _id: 1 })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        brands.countDocuments(query),
      ]);
      return { rows, total };
    },

    /** Inserts; a taken id or name fails with the driver's duplicate-key error. */
    insert: async (doc: BrandDoc) => {
      await brands.insertOne(doc);
      return doc;
    },

    rename: (id: string, name: string) =>
      brands.findOneAndUpdate({ _id: id }, { $set: { name } }, { returnDocument: 'after' }),

    remove: (id: string) => brands.findOneAndDelete({ _id: id }),

    /** Inserts a brand when missing (the seed's idempotent write). */
    upsert: (doc: BrandDoc) =>
      brands.updateOne({ _id: doc._id }, { $setOnInsert: { name: doc.name } }, { upsert: true }),
  };
}
export type BrandRepository = ReturnType<typeof createBrandRepository>;
