import type { Db, IndexDescription } from 'mongodb';

export type BrandDoc = {
  /** Slug of the name, e.g. `northwind-games`. */
  _id: string;
  name: string;
};

export const brandIndexes: IndexDescription[] = [
  // Products name their brand; the lookup matches it against the slug or the name.
  { key: { name: 1 }, unique: true },
];

/** The only code that touches the `brands` collection. */
export function createBrandRepository(db: Db) {
  const brands = db.collection<BrandDoc>('brands');
  return {
    /** The brand whose slug or name is `value` (the spec's subcategory lookup). */
    findByIdOrName: (value: string) => brands.findOne({ $or: [{ _id: value }, { name: value }] }),
    /** Inserts a brand when missing (the seed's idempotent write). */
    upsert: (doc: BrandDoc) =>
      brands.updateOne({ _id: doc._id }, { $setOnInsert: { name: doc.name } }, { upsert: true }),
  };
}
export type BrandRepository = ReturnType<typeof createBrandRepository>;
