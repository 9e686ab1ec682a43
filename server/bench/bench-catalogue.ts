import type { Db } from 'mongodb';
import { ObjectId } from 'mongodb';
import { CATEGORY_IDS, PLATFORMS, pricesFromEur, type Currency } from '@market/shared';
import type { OfferDoc } from '../src/modules/offers/offers.repository.ts';
import type { ProductDoc } from '../src/modules/products/products.repository.ts';
import type { SellerDoc } from '../src/modules/sellers/sellers.repository.ts';

/**
 * The benchmarks' catalogue, written straight into the database: `sellers` approved shops,
 * `products` products over every category and platform, each with three active offers at spread
 * prices (and the price ranges the search sorts on). The same data every run. Not a benchmark.
 */

export const BENCH_OFFERS_PER_PRODUCT = 3;
const BATCH = 1_000;
const RATES: Record<Currency, number> = { eur: 1, usd: 1.08, gbp: 0.85 };

function sellerDocs(count: number, at: Date): SellerDoc[] {
  return Array.from({ length: count }, (_, i) => ({
    _id: `bench-shop-${i}`,
    uid: `bench-uid-${i}`,
    email: `shop${i}@bench.example`,
    name: `Bench Shop ${i}`,
    registrationName: `Bench Shop ${i} Ltd`,
    vatNumber: 'IT01234567890',
    image: null,
    status: 'approved' as const,
    statusReason: null,
    createdAt: at,
    decidedAt: at,
  }));
}

/** Product `i` and its offers, created `i` minutes before `now`. */
function productWithOffers(i: number, now: number, sellers: number) {
  const _id = new ObjectId();
  const createdAt = new Date(now - i * 60_000);
  const prices = Array.from({ length: BENCH_OFFERS_PER_PRODUCT }, (_, k) =>
    pricesFromEur(499 + ((i * 7919 + k * 104_729) % 9_000), RATES),
  );
  const offers: OfferDoc[] = prices.map((p, k) => ({
    _id: new ObjectId(),
    productId: _id,
    sellerId: `bench-shop-${(i + k) % sellers}`,
    prices: p,
    stock: 1 + ((i + k) % 40),
    zeroVat: false,
    status: 'active',
    createdAt,
    updatedAt: createdAt,
  }));
  const range = (c: Currency) => prices.map((p) => p[c]);
  const product: ProductDoc = {
    _id,
    slug: `bench-product-${i}`,
    categoryId: CATEGORY_IDS[i % CATEGORY_IDS.length]!,
    brand: `Brand ${i % 50}`,
    platform: PLATFORMS[i % PLATFORMS.length]!.slug,
    region: i % 3 ? 'Global' : 'ROW',
    type: 'key',
    name: { en: `Bench Product ${i}`, it: `Prodotto di prova ${i}` },
    description: { en: 'A product to measure with.', it: 'Un prodotto per misurare.' },
    images: [],
    tags: [`tag-${i % 30}`],
    eurMin: Math.min(...range('eur')),
    eurMax: Math.max(...range('eur')),
    usdMin: Math.min(...range('usd')),
    usdMax: Math.max(...range('usd')),
    gbpMin: Math.min(...range('gbp')),
    gbpMax: Math.max(...range('gbp')),
    createdAt,
    updatedAt: createdAt,
  };
  return { product, offers };
}

/** Seeds the catalogue in batches; the products, newest first. */
export async function seedBenchCatalogue(
  db: Db,
  opts: { products: number; sellers: number },
): Promise<ProductDoc[]> {
  const now = Date.now();
  await db.collection<SellerDoc>('sellers').insertMany(sellerDocs(opts.sellers, new Date(now)));
  const all: ProductDoc[] = [];
  for (let start = 0; start < opts.products; start += BATCH) {
    const made = Array.from({ length: Math.min(BATCH, opts.products - start) }, (_, j) =>
      productWithOffers(start + j, now, opts.sellers),
    );
    await db.collection<ProductDoc>('products').insertMany(made.map((m) => m.product));
    await db.collection<OfferDoc>('offers').insertMany(made.flatMap((m) => m.offers));
    all.push(...made.map((m) => m.product));
  }
  return all;
}
