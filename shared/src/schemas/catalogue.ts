import { z } from 'zod';
import { IMAGE_SHAPES, IMAGE_SIZES, ProductTypeSchema } from '../constants/products.ts';
import { CategoryIdSchema } from '../constants/categories.ts';
import { CurrencySchema } from '../constants/currencies.ts';
import { LocaleSchema } from '../constants/locales.ts';
import { ActivationRegionSchema, RegionSchema } from './regions.ts';
import { SUPPLIER_IDS } from '../constants/suppliers.ts';
import { PaymentProviderSchema } from '../constants/payment-providers.ts';
import { BrandSchema } from './brands.ts';
import { PublicCategorySchema } from './categories.ts';
import { PublicBannerSchema } from './home-content.ts';
import { MacrocategorySchema } from './macrocategories.ts';
import { PlatformInfoSchema } from './platforms.ts';
import { ReferencePricesSchema } from './price-history.ts';
import { ImageAssetSchema } from './product-images.ts';
import { RatingSummarySchema, ReviewReplySchema } from './reviews.ts';

/** The public catalogue calls (spec section 7). Money is integer cents of its currency. */

/** A product id as the API carries it: the hex string of the server's ObjectId. */
export const ProductIdSchema = z.string().min(1).max(64);

/** Body of `public/products/info-multiple`. Unknown ids are skipped in the answer. */
export const ProductIdListRequestSchema = z.object({
  productIdList: z.array(ProductIdSchema).min(1).max(100),
  locale: LocaleSchema.default('en'),
});
export type ProductIdListRequest = z.infer<typeof ProductIdListRequestSchema>;

/** Body of `public/products/info-multiple-sales`: sales are ranked (`rankOffers`) on prices in `currency`. */
export const InfoMultipleSalesRequestSchema = ProductIdListRequestSchema.extend({
  currency: CurrencySchema.default('eur'),
});
export type InfoMultipleSalesRequest = z.infer<typeof InfoMultipleSalesRequestSchema>;

export const PriceRangeSchema = z.object({
  min: z.number().int().min(0),
  max: z.number().int().min(0),
});
export type PriceRange = z.infer<typeof PriceRangeSchema>;

/** Lowest and highest live offer per currency; null where nobody sells the product. */
export const ProductPricesSchema = z.object({
  eur: PriceRangeSchema.nullable(),
  usd: PriceRangeSchema.nullable(),
  gbp: PriceRangeSchema.nullable(),
});
export type ProductPrices = z.infer<typeof ProductPricesSchema>;

/**
 * A product picture: `url` for any plain use; `asset` when the server stored and resized it
 * (srcset, intrinsic size). `shape` and `size` are the spec's options: `size` says which view it
 * is for (small: cards, large: the product page), `shape` how its corners are drawn.
 */
export const ProductImageSchema = z.object({
  url: z.string(),
  shape: z.enum(IMAGE_SHAPES),
  size: z.enum(IMAGE_SIZES),
  asset: ImageAssetSchema.optional(),
});
export type ProductImage = z.infer<typeof ProductImageSchema>;

/** A product as the storefront shows it, with texts in the requested locale. */
export const StoreProductSchema = z.object({
  id: z.string(),
  slug: z.string(),
  /** Localized path of the product page: `/product/<id>/<slug>` or `/it/product/<id>/<slug>`. */
  url: z.string(),
  name: z.string(),
  description: z.string(),
  categoryId: CategoryIdSchema,
  brand: z.string(),
  platform: z.string(),
  platformName: z.string(),
  guidePath: z.string().nullable(),
  region: RegionSchema,
  type: ProductTypeSchema,
  images: z.array(ProductImageSchema),
  tags: z.array(z.string()),
  prices: ProductPricesSchema,
  /** The prior price of a reduction of the lowest price, per currency (price-history module). */
  referenceCents: ReferencePricesSchema.optional(),
  /** Only on the first item of `info-multiple`: the product's brand, or the empty brand. */
  subcategory: BrandSchema.optional(),
});
export type StoreProduct = z.infer<typeof StoreProductSchema>;

export const CurrencyPricesSchema = z.object({
  eur: z.number().int().min(0),
  usd: z.number().int().min(0),
  gbp: z.number().int().min(0),
});

/** Where an offer's keys come from: `marketplace` for keys its seller uploaded, else the supplier's id. */
export const OFFER_API_NAMES = ['marketplace', ...SUPPLIER_IDS] as const;
export type OfferApiName = (typeof OFFER_API_NAMES)[number];
export const OfferApiNameSchema = z.enum(OFFER_API_NAMES);

/** One seller's offer on a product. */
export const SaleSchema = z.object({
  offerId: z.string(),
  sellerId: z.string(),
  sellerName: z.string(),
  /** The seller's defective keys per 100 sold (90 days); absent until first counted. */
  sellerDefectRate: z.number().min(0).optional(),
  prices: CurrencyPricesSchema,
  /** Where its keys activate (docs/regions.md): the product's region unless the offer says. */
  region: ActivationRegionSchema,
  /** The prior price of a reduction of this offer's price, per currency (price-history module). */
  referenceCents: ReferencePricesSchema.optional(),
  inStock: z.boolean(),
  apiName: OfferApiNameSchema,
  /** The seller's approved reviews: average and count (0 and 0 before any). */
  sellerRating: RatingSummarySchema,
});
export type Sale = z.infer<typeof SaleSchema>;

/** The sales of a product; `apiName` is the best (first) offer's, `marketplace` when none. */
export const OffersListSchema = z.object({
  allOffers: z.array(SaleSchema),
  apiName: OfferApiNameSchema,
});
export type OffersList = z.infer<typeof OffersListSchema>;

/**
 * An item of `info-multiple-sales`: live offers in ranking order (`rankOffers`) and the price range per
 * currency. A product nobody sells has no sales, ranges of 0 and `inStock: false`.
 */
export const ProductSalesSchema = z.object({
  id: z.string(),
  slug: z.string(),
  /** Localized path of the product page, as in `StoreProduct`. */
  url: z.string(),
  name: z.string(),
  inStock: z.boolean(),
  sales: z.array(SaleSchema),
  prices: z.object({ eur: PriceRangeSchema, usd: PriceRangeSchema, gbp: PriceRangeSchema }),
  offers: OffersListSchema,
});
export type ProductSales = z.infer<typeof ProductSalesSchema>;

export const CATALOGUE_SORTS = ['price_asc', 'price_desc', 'name', 'newest'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

/** Body of `public/products/search`. Prices are cents of `currency`; the page is 1-based. */
export const CatalogueSearchRequestSchema = z
  .object({
    locale: LocaleSchema.default('en'),
    q: z.string().trim().max(100).optional(),
    categoryId: CategoryIdSchema.optional(),
    platform: z.string().max(64).optional(),
    region: RegionSchema.optional(),
    /** A tag's id: only products carrying it. */
    tag: z.string().trim().min(1).max(64).optional(),
    currency: CurrencySchema.default('eur'),
    priceMin: z.number().int().min(0).optional(),
    priceMax: z.number().int().min(0).optional(),
    /** Left out: by relevance when `q` is given, else newest first. */
    sort: z.enum(CATALOGUE_SORTS).optional(),
    page: z.number().int().min(1).max(1000).default(1),
    pageSize: z.number().int().min(1).max(60).default(24),
  })
  .refine((r) => r.priceMin === undefined || r.priceMax === undefined || r.priceMin <= r.priceMax, {
    message: 'must not be below priceMin',
    path: ['priceMax'],
  });
export type CatalogueSearchRequest = z.infer<typeof CatalogueSearchRequestSchema>;

const FacetCountSchema = z.object({ value: z.string(), count: z.number().int().min(0) });

/** Counts beside the filters: how many results each value would give, the other filters kept. */
export const SearchFacetsSchema = z.object({
  categories: z.array(FacetCountSchema),
  platforms: z.array(FacetCountSchema),
  regions: z.array(FacetCountSchema),
  /** In cents of the request's currency; the last band has no top (`max` null). */
  priceBands: z.array(
    z.object({
      min: z.number().int().min(0),
      max: z.number().int().min(0).nullable(),
      count: z.number().int().min(0),
    }),
  ),
});
export type SearchFacets = z.infer<typeof SearchFacetsSchema>;

export const CatalogueSearchResultSchema = z.object({
  items: z.array(StoreProductSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  facets: SearchFacetsSchema.optional(),
  /** With no result for `q`: the query spelled as the catalogue's words are. */
  didYouMean: z.string().optional(),
});
export type CatalogueSearchResult = z.infer<typeof CatalogueSearchResultSchema>;

/** A buyer's approved review as the storefront shows it. */
export const PublicReviewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  /** The product's name in the requested locale and its localized page. */
  productName: z.string(),
  productUrl: z.string(),
  sellerName: z.string(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  /** The buyer's first name and the initial of their surname. */
  authorName: z.string(),
  createdAt: z.string(),
  /** The seller's one reply. */
  reply: ReviewReplySchema.nullable(),
});
export type PublicReview = z.infer<typeof PublicReviewSchema>;

/** `GET /api/public/reviews?productId=`: a product's rating and its approved reviews, newest first. */
export const ProductReviewsRequestSchema = z.object({
  productId: ProductIdSchema,
  locale: LocaleSchema.default('en'),
});
export const ProductReviewsSchema = z.object({
  productId: z.string(),
  rating: RatingSummarySchema,
  reviews: z.array(PublicReviewSchema),
});
export type ProductReviews = z.infer<typeof ProductReviewsSchema>;

/** `GET public/state`: what every storefront page needs, in the requested locale. */
export const PublicStateSchema = z.object({
  /** The latest approved reviews, newest first. */
  reviews: z.array(PublicReviewSchema),
  stats: z.object({
    products: z.number().int().min(0),
    /** Sellers with at least one live offer. */
    sellers: z.number().int().min(0),
    /** Live offers: active and in stock. */
    offers: z.number().int().min(0),
  }),
  /** The most used tags: id, name in the locale (the id when the tag has no document), count. */
  tags: z.array(z.object({ tag: z.string(), name: z.string(), count: z.number().int().min(1) })),
  payments: z.array(PaymentProviderSchema),
  platforms: z.array(PlatformInfoSchema),
  /** Featured: the admin's picks in order, else the best-stocked products; active banners. */
  home: z.object({
    featured: z.array(StoreProductSchema),
    banners: z.array(PublicBannerSchema),
    /** Most units sold in delivered orders of the last 30 days, most first. */
    bestsellers: z.array(StoreProductSchema).default([]),
    /** The newest products someone sells, newest first. */
    newArrivals: z.array(StoreProductSchema).default([]),
    /** Products whose best EUR price fell in the last 30 days (and stays lower), latest first. */
    priceDrops: z.array(StoreProductSchema).default([]),
  }),
  categories: z.array(PublicCategorySchema),
  macrocategories: z.array(MacrocategorySchema),
});
export type PublicState = z.infer<typeof PublicStateSchema>;
