import type { Db, IndexDescription, ObjectId } from 'mongodb';
import type { CategoryId, Locale, Region } from '@market/shared';

export const PRODUCT_TYPES = ['key', 'software', 'giftcard', 'account'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

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
  images: { url: string; shape: 'rectangle' | 'rounding'; size: 'small' | 'large' }[];
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
  { key: { eurMin: 1 } },
  { key: { createdAt: -1 } },
];

/** The only code that touches the `products` collection. */
export function createProductRepository(db: Db) {
  const products = db.collection<ProductDoc>('products');
  return {
    count: () => products.countDocuments(),
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
