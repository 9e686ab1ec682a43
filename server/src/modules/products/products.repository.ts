import type { Db, Document, Filter, IndexDescription, ObjectId, Sort } from 'mongodb';
import type {
  CategoryId,
  Currency,
  ImageShape,
  ImageSize,
  Locale,
  ProductType,
  Region,
} from '@market/shared';

export type ProductDoc = {
  _id: ObjectId;
  slug: string;
  categoryId: CategoryId;
  /** The brand (the spec's subcategory). */
  brand: string;
  platform: string;
  region: Region;
  type: ProductType;
  name: Record<Locale, string>;
  description: Record<Locale, string>;
  images: { url: string; shape: ImageShape; size: ImageSize }[];
  tags: string[];
  /** Gift cards only: face value in cents of a currency. */
  denomination?: { amount: number; currency: string };
  /** Lowest and highest live offer price in cents per currency; null when nobody sells it. */
  eurMin: number | null;
  eurMax: number | null;
  usdMin: number | null;
  usdMax: number | null;
  gbpMin: number | null;
  gbpMax: number | null;
  createdAt: Date;
  updatedAt: Date;
};

export const productIndexes: IndexDescription[] = [
  { key: { slug: 1 }, unique: true },
  // Category pages filter by category and platform and sort by price or date.
  { key: { categoryId: 1, platform: 1 } },
  // Search filters and sorts on the lowest price of the buyer's currency.
  { key: { eurMin: 1 } },
  { key: { usdMin: 1 } },
  { key: { gbpMin: 1 } },
  { key: { createdAt: -1 } },
  // The public state counts products per tag.
  { key: { tags: 1 } },
];

/** What catalogue search filters on; prices are cents of `currency`. */
export type ProductSearch = {
  locale: Locale;
  q?: string | undefined;
  categoryId?: CategoryId | undefined;
  platform?: string | undefined;
  region?: Region | undefined;
  currency: Currency;
  priceMin?: number | undefined;
  priceMax?: number | undefined;
  sort: 'price_asc' | 'price_desc' | 'name' | 'newest';
  skip: number;
  limit: number;
};

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function searchFilter(s: ProductSearch): Filter<ProductDoc> {
  const filter: Filter<ProductDoc> = {};
  if (s.q) filter[`name.${s.locale}`] = { $regex: escapeRegex(s.q), $options: 'i' };
  if (s.categoryId) filter.categoryId = s.categoryId;
  if (s.platform) filter.platform = s.platform;
  if (s.region) filter.region = s.region;
  if (s.priceMin !== undefined || s.priceMax !== undefined) {
    filter[`${s.currency}Min`] = {
      $ne: null,
      ...(s.priceMin !== undefined && { $gte: s.priceMin }),
      ...(s.priceMax !== undefined && { $lte: s.priceMax }),
    };
  }
  return filter;
}

function searchSort(s: ProductSearch): Sort {
  const price = `${s.currency}Min`;
  switch (s.sort) {
    case 'price_asc':
      return { unpriced: 1, [price]: 1, _id: 1 };
    case 'price_desc':
      return { unpriced: 1, [price]: -1, _id: 1 };
    case 'name':
      return { [`name.${s.locale}`]: 1, _id: 1 };
    case 'newest':
      return { createdAt: -1, _id: -1 };
  }
}

/** The only code that touches the `products` collection. */
export function createProductRepository(db: Db) {
  const products = db.collection<ProductDoc>('products');
  return {
    count: () => products.countDocuments(),
    findByIds: (ids: ObjectId[]) => products.find({ _id: { $in: ids } }).toArray(),
    /** Product count per category id (categories without products are absent). */
    async countByCategory(): Promise<Map<string, number>> {
      const rows = await products
        .aggregate<{ _id: string; n: number }>([{ $group: { _id: '$categoryId', n: { $sum: 1 } } }])
        .toArray();
      return new Map(rows.map((r) => [r._id, r.n]));
    },
    /** The most used tags, most used first. */
    topTags: (limit: number) =>
      products
        .aggregate<{ tag: string; count: number }>([
          { $unwind: '$tags' },
          { $group: { _id: '$tags', count: { $sum: 1 } } },
          { $sort: { count: -1, _id: 1 } },
          { $limit: limit },
          { $project: { _id: 0, tag: '$_id', count: 1 } },
        ])
        .toArray(),
    /** One page of catalogue search. Products nobody sells come last on price sorts. */
    async search(s: ProductSearch) {
      const filter = searchFilter(s);
      const pipeline: Document[] = [{ $match: filter }];
      if (s.sort.startsWith('price')) {
        // Mongo sorts null first; a flag sends unpriced products to the end in both directions.
        pipeline.push({
          $addFields: { unpriced: { $eq: [{ $ifNull: [`$${s.currency}Min`, null] }, null] } },
        });
      }
      pipeline.push(
        { $sort: searchSort(s) },
        { $skip: s.skip },
        { $limit: s.limit },
        { $project: { unpriced: 0 } },
      );
      const [rows, total] = await Promise.all([
        products.aggregate<ProductDoc>(pipeline).toArray(),
        products.countDocuments(filter),
      ]);
      return { rows, total };
    },
    /** Inserts or refreshes a product by slug (the seed's idempotent write). */
    upsertBySlug: (doc: Omit<ProductDoc, '_id'>) =>
      products.findOneAndUpdate(
        { slug: doc.slug },
        { $setOnInsert: doc },
        { upsert: true, returnDocument: 'after' },
      ),
    setPriceRange: (
      id: ObjectId,
      range: Pick<ProductDoc, 'eurMin' | 'eurMax' | 'usdMin' | 'usdMax' | 'gbpMin' | 'gbpMax'>,
    ) => products.updateOne({ _id: id }, { $set: { ...range, updatedAt: new Date() } }),
  };
}
export type ProductRepository = ReturnType<typeof createProductRepository>;
