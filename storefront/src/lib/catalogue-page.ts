import {
  ProductIdSchema,
  type CatalogueSearchResult,
  type Locale,
  type ProductSales,
  type PublicCategory,
  type StoreProduct,
} from '@market/shared';
import { productPath } from '../i18n/routes.ts';
import { getCategoryById, getProduct, getProductSales, searchProducts } from './api.ts';
import { parseCatalogueQuery, searchRequestOf, type CatalogueQuery } from './catalogue-query.ts';

/** A category page's data, or null when no category has that id (the page answers 404). */
export async function loadCategoryPage(
  locale: Locale,
  id: string | undefined,
  url: URL,
): Promise<{
  category: PublicCategory;
  query: CatalogueQuery;
  result: CatalogueSearchResult;
} | null> {
  const category = id ? await getCategoryById(id, locale) : null;
  if (!category) return null;
  const query = { ...parseCatalogueQuery(url.searchParams), q: undefined };
  const result = await searchProducts({
    locale,
    categoryId: category.id,
    ...searchRequestOf(query),
  });
  return { category, query, result };
}

/** A search page's data; no request (and no result) until the visitor typed something. */
export async function loadSearchPage(
  locale: Locale,
  url: URL,
): Promise<{ query: CatalogueQuery; result: CatalogueSearchResult | null }> {
  const query = parseCatalogueQuery(url.searchParams);
  if (!query.q) return { query, result: null };
  return { query, result: await searchProducts({ locale, ...searchRequestOf(query) }) };
}

/**
 * A product page's data: `missing` for no such product (404), `redirect` when the slug is not
 * the product's (301 to the canonical path), else the product and its offers.
 */
export async function loadProductPage(
  locale: Locale,
  id: string | undefined,
  slug: string | undefined,
): Promise<
  | { kind: 'missing' }
  | { kind: 'redirect'; location: string }
  | { kind: 'found'; product: StoreProduct; sales: ProductSales | null }
> {
  if (!id || !ProductIdSchema.safeParse(id).success) return { kind: 'missing' };
  const [product, sales] = await Promise.all([getProduct(id, locale), getProductSales(id, locale)]);
  if (!product) return { kind: 'missing' };
  if (slug !== product.slug) {
    return { kind: 'redirect', location: productPath(locale, product.id, product.slug) };
  }
  return { kind: 'found', product, sales };
}
