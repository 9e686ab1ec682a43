import type { Db, Filter, IndexDescription, ObjectId, Sort } from 'mongodb';
import type {
  CatalogueSort,
  CategoryId,
  Currency,
  ImageAsset,
  ImageShape,
  ImageSize,
  Locale,
  ProductType,
  Region,
} from '@market/shared';
import { countMatching } from '../../db/count.ts';
import type { CatalogueFilters } from '../search/facets.ts';

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
  images: { url: string; shape: ImageShape; size: ImageSize; asset?: ImageAsset }[];
  tags: string[];
  /** Gift cards only: face value in cents of a currency. */
  denomination?: { amount: number; currency: Currency };
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

/** The price range of a product nobody sells. */
export const NO_PRICE_RANGE = {
  eurMin: null,
  eurMax: null,
  usdMin: null,
  usdMax: null,
  gbpMin: null,
  gbpMax: null,
} as const satisfies Partial<ProductDoc>;

export const productIndexes: IndexDescription[] = [
  { key: { slug: 1 }, unique: true },
  // Category pages filter by category and platform and sort by price or date.
  { key: { categoryId: 1, platform: 1 } },
  // Search sorts on the lowest price of the buyer's currency, or the date, each with the `_id`
  // tie-breaker (in the same direction, so one index serves both orders): a page walks the index
  // and stops after its rows instead of sorting every candidate in memory.
  { key: { eurMin: 1, _id: 1 } },
  { key: { usdMin: 1, _id: 1 } },
  { key: { gbpMin: 1, _id: 1 } },
  { key: { createdAt: -1, _id: -1 } },
  // A category page sorted by price or date walks one of these and stops after the page; its
  // priced count is read off the first.
  { key: { categoryId: 1, eurMin: 1, _id: 1 } },
  { key: { categoryId: 1, usdMin: 1, _id: 1 } },
  { key: { categoryId: 1, gbpMin: 1, _id: 1 } },
  { key: { categoryId: 1, createdAt: -1, _id: -1 } },
  // Search and the admin console sort by name.
  { key: { 'name.en': 1, _id: 1 } },
  { key: { 'name.it': 1, _id: 1 } },
  // A tag's page by date or name; the public state counts products per tag off its prefix.
  { key: { tags: 1, createdAt: -1, _id: -1 } },
  { key: { tags: 1, 'name.en': 1, _id: 1 } },
  // A brand renamed or deleted, a platform deleted: the products that name it.
  { key: { brand: 1 } },
  { key: { platform: 1 } },
];

/** A filter-only page of catalogue search: the one filter shape, prices in cents of `currency`. */
export type ProductSearch = CatalogueFilters & {
  locale: Locale;
  sort: CatalogueSort;
  skip: number;
  limit: number;
};

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What the consoles' product lists filter on; `q` matches the English or Italian name. */
export type ProductListFilter = {
  ids?: ObjectId[] | undefined;
  q?: string | undefined;
  categoryId?: CategoryId | undefined;
  platform?: string | undefined;
  region?: Region | undefined;
  type?: ProductType | undefined;
};

/** A console list page: a sort field of the document and the rows to skip and take. */
export type ProductPage = { sortField: string; order: 1 | -1; skip: number; limit: number };

function listFilter(f: ProductListFilter): Filter<ProductDoc> {
  const filter: Filter<ProductDoc> = {};
  if (f.ids) filter._id = { $in: f.ids };
  if (f.q) {
    const regex = { $regex: escapeRegex(f.q), $options: 'i' };
    filter.$or = [{ 'name.en': regex }, { 'name.it': regex }];
  }
  if (f.categoryId) filter.categoryId = f.categoryId;
  if (f.platform) filter.platform = f.platform;
  if (f.region) filter.region = f.region;
  if (f.type) filter.type = f.type;
  return filter;
}

function searchFilter(s: ProductSearch): Filter<ProductDoc> {
  const filter: Filter<ProductDoc> = {};
  // Words are searched in the index (modules/search), never by a regex over every name.
  if (s.categoryId) filter.categoryId = s.categoryId;
  if (s.platform) filter.platform = s.platform;
  if (s.region) filter.region = s.region;
  if (s.tag) filter.tags = s.tag;
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
  switch (s.sort) {
    case 'price_asc':
      return { [`${s.currency}Min`]: 1, _id: 1 };
    case 'price_desc':
      // The tie-breaker follows the price's direction: the price index read backwards.
      return { [`${s.currency}Min`]: -1, _id: -1 };
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
    // From the collection's metadata: counting the documents would read every one.
    count: () => products.estimatedDocumentCount(),
    findByIds: (ids: ObjectId[]) => products.find({ _id: { $in: ids } }).toArray(),
    /** Every product but its descriptions, in `_id` order: the search index's build at start. */
    everyForSearch: () =>
      products
        .find({}, { projection: { description: 0 } })
        .sort({ _id: 1 }) as unknown as AsyncIterable<Omit<ProductDoc, 'description'>>,
    findById: (id: ObjectId) => products.findOne({ _id: id }),
    /** Every product's English name, platform and region (suppliers' mapping suggestions). */
    async identities() {
      const docs = await products
        .find({}, { projection: { 'name.en': 1, platform: 1, region: 1 } })
        .toArray();
      return docs.map((d) => ({
        id: d._id.toHexString(),
        name: d.name.en,
        platform: d.platform,
        region: d.region,
      }));
    },
    /** Inserts a new product; a taken slug raises the driver's duplicate-key error (11000). */
    insert: (doc: ProductDoc) => products.insertOne(doc),
    /** Changes an admin's fields of a product; null when there is none with that id. */
    update: (
      id: ObjectId,
      set: Partial<Omit<ProductDoc, '_id' | 'createdAt'>>,
      unset: string[] = [],
    ) =>
      products.findOneAndUpdate(
        { _id: id },
        {
          $set: { ...set, updatedAt: new Date() },
          ...(unset.length && { $unset: Object.fromEntries(unset.map((f) => [f, ''])) }),
        },
        { returnDocument: 'after' },
      ),
    deleteById: (id: ObjectId) => products.findOneAndDelete({ _id: id }),
    /** One page of the consoles' product lists. */
    async page(filter: ProductListFilter, page: ProductPage) {
      const query = listFilter(filter);
      const [rows, total] = await Promise.all([
        products
          .find(query)
          .sort({ [page.sortField]: page.order, _id: page.order })
          .skip(page.skip)
          .limit(page.limit)
          .toArray(),
        countMatching(products, query),
      ]);
      return { rows, total };
    },
    /**
     * Offers (any status) per product id. Read through the product's side of the relation so the
     * consoles can show the count and an admin delete can refuse products that still have offers.
     */
    async offerCounts(ids: ObjectId[]): Promise<Map<string, number>> {
      if (!ids.length) return new Map();
      const rows = await products
        .aggregate<{ _id: ObjectId; n: number }>([
          { $match: { _id: { $in: ids } } },
          { $lookup: { from: 'offers', localField: '_id', foreignField: 'productId', as: 'o' } },
          { $project: { n: { $size: '$o' } } },
        ])
        .toArray();
      return new Map(rows.map((r) => [r._id.toHexString(), r.n]));
    },
    /** The id of `sellerId`'s offer on each of the products that has one. */
    async offerIdsOfSeller(ids: ObjectId[], sellerId: string): Promise<Map<string, string>> {
      if (!ids.length) return new Map();
      const rows = await products
        .aggregate<{ _id: ObjectId; o: { _id: ObjectId; sellerId: string }[] }>([
          { $match: { _id: { $in: ids } } },
          { $lookup: { from: 'offers', localField: '_id', foreignField: 'productId', as: 'o' } },
          { $project: { 'o._id': 1, 'o.sellerId': 1 } },
        ])
        .toArray();
      const mine = new Map<string, string>();
      for (const row of rows) {
        const offer = row.o.find((o) => o.sellerId === sellerId);
        if (offer) mine.set(row._id.toHexString(), offer._id.toHexString());
      }
      return mine;
    },
    /** Product count per category id (categories without products are absent). */
    async countByCategory(): Promise<Map<string, number>> {
      // Sorted by category first, so the group walks the category index's keys (a covered
      // scan), not every product.
      const rows = await products
        .aggregate<{ _id: string; n: number }>([
          { $sort: { categoryId: 1 } },
          { $group: { _id: '$categoryId', n: { $sum: 1 } } },
        ])
        .toArray();
      return new Map(rows.map((r) => [r._id, r.n]));
    },
    /** The most used tags, most used first. */
    async topTags(limit: number): Promise<{ tag: string; count: number }[]> {
      // Counted off the tag index (its distinct keys, then a count of each: a few hundred tags
      // at most), where unwinding every product's tags would read the whole catalogue.
      const tags = (await products.distinct('tags')) as string[];
      const counts = await Promise.all(
        tags.map(async (tag) => ({ tag, count: await products.countDocuments({ tags: tag }) })),
      );
      return counts
        .filter((t) => t.count > 0)
        .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0))
        .slice(0, limit);
    },
    /** One page of catalogue search. Products nobody sells come last on price sorts. */
    async search(s: ProductSearch) {
      const filter = searchFilter(s);
      const page = async (
        f: Filter<ProductDoc>,
        sort: Sort,
        skip: number,
        limit: number,
      ): Promise<ProductDoc[]> =>
        limit > 0 ? products.find(f).sort(sort).skip(skip).limit(limit).toArray() : [];
      if (!s.sort.startsWith('price')) {
        const [rows, total] = await Promise.all([
          page(filter, searchSort(s), s.skip, s.limit),
          countMatching(products, filter),
        ]);
        return { rows, total };
      }
      // Mongo sorts null first, and products nobody sells belong at the end in both directions:
      // page through the priced ones, then continue into the unpriced ones. (Two plain finds
      // rather than an $addFields flag, which would make every candidate a computed copy.)
      const price = `${s.currency}Min`;
      const priced: Filter<ProductDoc> = filter[price]
        ? filter
        : { ...filter, [price]: { $ne: null } };
      // The priced page is asked for alongside the total. A full page needs nothing else; a
      // short one ends the priced products (so their count is skip + its length); only an
      // empty one needs them counted, to know how far into the unpriced ones it starts.
      const [total, rows] = await Promise.all([
        countMatching(products, filter),
        page(priced, searchSort(s), s.skip, s.limit),
      ]);
      const rest = s.limit - rows.length;
      const pricedTotal = !rest
        ? total
        : rows.length
          ? s.skip + rows.length
          : await products.countDocuments(priced);
      if (rest > 0 && total > pricedTotal) {
        const unpriced = { ...filter, [price]: null };
        rows.push(...(await page(unpriced, { _id: 1 }, Math.max(0, s.skip - pricedTotal), rest)));
      }
      return { rows, total };
    },
    /**
     * The sitemap's product pages: per run of `size` products in id order (new products come
     * last, so a page keeps its products), the newest `updatedAt`. One pass over the ids and
     * dates only; crawlers ask rarely.
     */
    async sitemapPages(size: number): Promise<Date[]> {
      const lastmods: Date[] = [];
      let index = 0;
      const cursor = products.find({}, { projection: { updatedAt: 1 } }).sort({ _id: 1 });
      for await (const doc of cursor) {
        const page = Math.floor(index / size);
        const seen = lastmods[page];
        if (!seen || doc.updatedAt > seen) lastmods[page] = doc.updatedAt;
        index += 1;
      }
      return lastmods;
    },
    /** Page `page` (1-based) of `size` products in id order, as the sitemap lists them. */
    sitemapPage: (page: number, size: number) =>
      products
        .find({}, { projection: { slug: 1, updatedAt: 1 } })
        .sort({ _id: 1 })
        .skip((page - 1) * size)
        .limit(size)
        .toArray() as Promise<Array<Pick<ProductDoc, '_id' | 'slug' | 'updatedAt'>>>,
    /** Inserts or refreshes a product by slug (the seed's idempotent write). */
    upsertBySlug: (doc: Omit<ProductDoc, '_id'>) =>
      products.findOneAndUpdate(
        { slug: doc.slug },
        { $setOnInsert: doc },
        { upsert: true, returnDocument: 'after' },
      ),
    /**
     * Sets the price range (the price history records it beside: modules/price-history, where
     * the home page's price drops are read too).
     */
    async setPriceRange(
      id: ObjectId,
      range: Pick<ProductDoc, 'eurMin' | 'eurMax' | 'usdMin' | 'usdMax' | 'gbpMin' | 'gbpMax'>,
    ) {
      await products.updateOne({ _id: id }, { $set: { ...range, updatedAt: new Date() } });
    },
    /** How many products have one of `values` in a reference field (refuses reference deletes). */
    countReferencing: (field: 'categoryId' | 'platform' | 'brand' | 'tags', values: string[]) =>
      products.countDocuments({ [field]: { $in: values } }),
    /** Every tag id some product carries. */
    distinctTags: () => products.distinct('tags') as Promise<string[]>,
    /**
     * Adds an image after the product's others, while it has fewer than `max`; null when there
     * is no such product or it is full. One conditional write: two uploads never overfill it.
     */
    pushImage: (id: ObjectId, image: ProductDoc['images'][number], max: number) =>
      products.findOneAndUpdate(
        { _id: id, [`images.${max - 1}`]: { $exists: false } },
        { $push: { images: image }, $set: { updatedAt: new Date() } },
        { returnDocument: 'after' },
      ),
    /** The demo products (by slug) that have no image yet: what their picture is drawn from. */
    withoutImages: (slugs: string[]) =>
      products
        .find(
          { slug: { $in: slugs }, images: { $size: 0 } },
          { projection: { name: 1, platform: 1, region: 1, categoryId: 1 } },
        )
        .toArray(),
    /** Sets the images of products that have none yet (the demo pictures); returns how many. */
    async setImagesWhereEmpty(rows: { id: ObjectId; images: ProductDoc['images'] }[]) {
      if (!rows.length) return 0;
      const result = await products.bulkWrite(
        rows.map(({ id, images }) => ({
          updateOne: { filter: { _id: id, images: { $size: 0 } }, update: { $set: { images } } },
        })),
        { ordered: false },
      );
      return result.modifiedCount;
    },
    /** Removes a deleted tag from every product. */
    pullTag: (tag: string) =>
      products.updateMany({ tags: tag }, { $pull: { tags: tag }, $set: { updatedAt: new Date() } }),
    /** Products that name a brand by its old name follow its rename. */
    renameBrand: (from: string, to: string) =>
      products.updateMany({ brand: from }, { $set: { brand: to, updatedAt: new Date() } }),
  };
}
export type ProductRepository = ReturnType<typeof createProductRepository>;
