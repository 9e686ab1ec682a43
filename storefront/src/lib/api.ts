import {
  CatalogueSearchResultSchema,
  PriceHistorySchema,
  ProductReviewsSchema,
  ProductSalesSchema,
  PublicCategorySchema,
  PublicStateSchema,
  SitemapIndexSchema,
  SitemapProductsSchema,
  StoreProductSchema,
  type CatalogueSearchRequestSchema,
  type CategoryByIdRequestSchema,
  type InfoMultipleSalesRequestSchema,
  type LocaleRequestSchema,
  type ProductIdListRequestSchema,
  type CatalogueSearchResult,
  type Currency,
  type Locale,
  type PriceHistory,
  type ProductReviews,
  type ProductSales,
  type PublicCategory,
  type PublicState,
  type SitemapIndex,
  type SitemapProducts,
  type StoreProduct,
} from '@market/shared';
import type { z } from 'zod';
import { ApiCallError, callApi, type CallOptions } from './api-client.ts';

/* The pages' server-side loaders: the API at `API_ORIGIN`, given up on after a few seconds. */

const TIMEOUT_MS = 5_000;
const PublicCategoryListSchema = PublicCategorySchema.array();
const StoreProductListSchema = StoreProductSchema.array();
const ProductSalesListSchema = ProductSalesSchema.array();

/** A search request as sent: every field the API defaults may be left out. */
export type CatalogueSearchRequestInput = z.input<typeof CatalogueSearchRequestSchema>;

// Read per call, never captured at import, so the value the server sets is always the one used.
function apiOrigin(): string {
  return process.env.API_ORIGIN ?? 'http://127.0.0.1:8080';
}

const fromServer = (options: CallOptions = {}): CallOptions => ({
  ...options,
  origin: apiOrigin(),
  timeoutMs: TIMEOUT_MS,
});

/** The shop's global state in `locale`: home content, categories, tags, reviews, stats…; throws when the API fails. */
export async function getPublicState(locale: Locale): Promise<PublicState> {
  const path = `public/state?locale=${encodeURIComponent(locale)}`;
  return callApi(path, PublicStateSchema, fromServer());
}

/** The four categories, sorted by position, named in `locale`; throws when the API fails. */
export async function getPublicCategories(locale: Locale): Promise<PublicCategory[]> {
  return callApi(
    'public/categories/get-public',
    PublicCategoryListSchema,
    fromServer({ body: { locale } satisfies z.input<typeof LocaleRequestSchema> }),
  );
}

/** One category named in `locale`, or null when no category has that id. */
export async function getCategoryById(id: string, locale: Locale): Promise<PublicCategory | null> {
  try {
    return await callApi(
      'public/categories/get-by-id',
      PublicCategorySchema,
      fromServer({ body: { id, locale } satisfies z.input<typeof CategoryByIdRequestSchema> }),
    );
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 404) return null;
    throw error;
  }
}

/** A page of the catalogue; prices in the request are cents of its currency. */
export async function searchProducts(
  request: CatalogueSearchRequestInput,
): Promise<CatalogueSearchResult> {
  return callApi(
    'public/products/search',
    CatalogueSearchResultSchema,
    fromServer({ body: request }),
  );
}

/** One product in `locale` (its brand included), or null when there is none with that id. */
export async function getProduct(id: string, locale: Locale): Promise<StoreProduct | null> {
  const items = await callApi(
    'public/products/info-multiple',
    StoreProductListSchema,
    fromServer({
      body: { productIdList: [id], locale } satisfies z.input<typeof ProductIdListRequestSchema>,
    }),
  );
  return items[0] ?? null;
}

/** A product's rating and approved reviews (newest first), in `locale`. */
export async function getProductReviews(id: string, locale: Locale): Promise<ProductReviews> {
  const query = new URLSearchParams({ productId: id, locale });
  return callApi(`public/reviews?${query}`, ProductReviewsSchema, fromServer());
}

/**
 * The live offers of one product in the published ranking order (prices in EUR: one cached page
 * serves every currency), or null when it does not exist.
 */
export async function getProductSales(id: string, locale: Locale): Promise<ProductSales | null> {
  const items = await callApi(
    'public/products/info-multiple-sales',
    ProductSalesListSchema,
    fromServer({
      body: {
        productIdList: [id],
        locale,
        currency: 'eur',
      } satisfies z.input<typeof InfoMultipleSalesRequestSchema>,
    }),
  );
  return items[0] ?? null;
}

/** A product's lowest price per day in `currency` over `days` days (the product page's chart). */
export async function getPriceHistory(
  id: string,
  currency: Currency,
  days: number,
): Promise<PriceHistory> {
  const query = new URLSearchParams({ currency, days: String(days) });
  return callApi(
    `public/products/${encodeURIComponent(id)}/price-history?${query}`,
    PriceHistorySchema,
    fromServer(),
  );
}

/** The sitemap's product pages of `pageSize` products, each with its newest change. */
export async function getSitemapIndex(pageSize: number): Promise<SitemapIndex> {
  return callApi(`public/sitemap?pageSize=${pageSize}`, SitemapIndexSchema, fromServer());
}

/** Page `page` of the sitemap's products: id, slug and last change. */
export async function getSitemapProducts(page: number, pageSize: number): Promise<SitemapProducts> {
  const path = `public/sitemap/products?page=${page}&pageSize=${pageSize}`;
  return callApi(path, SitemapProductsSchema, fromServer());
}
