import { ObjectId, type Db, type Filter, type IndexDescription } from 'mongodb';
import { activationRegionOf, type Region, type SupplierId } from '@market/shared';
import type { SupplierPrice } from '../../integrations/suppliers/supplier.ts';
import type { ListQuery } from '../../lib/list-query.ts';

/**
 * One product of a supplier's catalogue as the last import saw it. Per supplier, not per
 * connection: the catalogue is the same for every account (supplier + sku is the key).
 */
export type SupplierProductDoc = {
  _id: ObjectId;
  supplier: SupplierId;
  sku: string;
  name: string;
  /** `normaliseName(name)`: what search and suggestions compare. */
  normalisedName: string;
  /** As the supplier spells it. */
  supplierPlatform: string | null;
  /** Marketplace platform slugs it may be, best first (`platformCandidates`); empty: unknown. */
  platforms: string[];
  supplierRegions: string[];
  region: Region | null;
  quantity: number;
  cost: SupplierPrice;
  imageUrl: string | null;
  preOrder: boolean;
  /** When an import last read it: a complete import marks older ones gone. */
  seenAt: Date;
  /** The supplier no longer lists it (a complete import did not see it). */
  gone: boolean;
  createdAt: Date;
  updatedAt: Date;
};

/** What an import writes of one product (the rest is the repository's). */
export type SupplierProductFields = Omit<
  SupplierProductDoc,
  '_id' | 'supplier' | 'seenAt' | 'gone' | 'createdAt' | 'updatedAt'
>;

export const supplierProductIndexes: IndexDescription[] = [
  { key: { supplier: 1, sku: 1 }, unique: true },
  // The seller's catalogue list: one supplier's live products, by name.
  // (Same name: by id, so a page is read off the index.)
  { key: { supplier: 1, gone: 1, name: 1, _id: 1 } },
  // After a complete import: the supplier's live products it did not see.
  { key: { supplier: 1, gone: 1, seenAt: 1 } },
];

const SORTABLE = new Set(['name', 'sku', 'quantity', 'cost.cents', 'seenAt']);

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What the seller's catalogue list filters on; `skus` narrows to (or away from) mapped ones. */
export type SupplierProductFilter = {
  supplier: SupplierId;
  ids?: ObjectId[] | undefined;
  /** Words of the normalised name, in order. */
  q?: string | undefined;
  platform?: string | undefined;
  region?: Region | undefined;
  inStock?: boolean | undefined;
  skus?: { in: string[] } | { notIn: string[] } | undefined;
};

/** The only code that touches `supplierProducts`. */
export function createSupplierProductRepository(db: Db) {
  const products = db.collection<SupplierProductDoc>('supplierProducts');
  return {
    /** Writes one page of a supplier's catalogue, seen at `at` (again live if it was gone). */
    async upsertPage(supplier: SupplierId, items: SupplierProductFields[], at: Date) {
      if (items.length === 0) return;
      await products.bulkWrite(
        items.map((item) => ({
          updateOne: {
            filter: { supplier, sku: item.sku },
            update: {
              $set: { ...item, seenAt: at, gone: false, updatedAt: at },
              $setOnInsert: { _id: new ObjectId(), createdAt: at },
            },
            upsert: true,
          },
        })),
        { ordered: false },
      );
    },
    /** Marks gone the supplier's products no import has seen since `since`; answers how many. */
    async markGone(supplier: SupplierId, since: Date, at: Date): Promise<number> {
      const res = await products.updateMany(
        { supplier, seenAt: { $lt: since }, gone: false },
        { $set: { gone: true, updatedAt: at } },
      );
      return res.modifiedCount;
    },
    /** How many products the supplier lists now (as far as the imports know). */
    countLive: (supplier: SupplierId) => products.countDocuments({ supplier, gone: false }),
    findById: (id: ObjectId) => products.findOne({ _id: id }),
    /** Where the supplier says the sku's keys activate (docs/regions.md); null when unknown. */
    async activationRegion(supplier: SupplierId, sku: string) {
      const doc = await products.findOne({ supplier, sku }, { projection: { supplierRegions: 1 } });
      return doc ? activationRegionOf(doc.supplierRegions) : null;
    },
    /** A page of a supplier's live products. */
    async page(f: SupplierProductFilter, q: ListQuery) {
      const query: Filter<SupplierProductDoc> = { supplier: f.supplier, gone: false };
      if (f.ids) query._id = { $in: f.ids };
      if (f.q) query.normalisedName = { $regex: escapeRegex(f.q) };
      if (f.platform) query.platforms = f.platform;
      if (f.region) query.region = f.region;
      if (f.inStock !== undefined) query.quantity = f.inStock ? { $gt: 0 } : 0;
      if (f.skus) query.sku = 'in' in f.skus ? { $in: f.skus.in } : { $nin: f.skus.notIn };
      const sorted = q.sort && SORTABLE.has(q.sort.field);
      const field = sorted ? q.sort!.field : 'name';
      const order = sorted ? q.sort!.order : 1;
      const [rows, total] = await Promise.all([
        products
          .find(query)
          .sort({ [field]: order, _id: order })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        products.countDocuments(query),
      ]);
      return { rows, total };
    },
  };
}
export type SupplierProductRepository = ReturnType<typeof createSupplierProductRepository>;
