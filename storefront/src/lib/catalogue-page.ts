import {
  DEFAULT_CATEGORIES,
  ProductIdSchema,
  type CatalogueSearchResult,
  type Locale,
  type ProductReviews,
  type ProductSales,
  type PublicCategory,
  type StoreProduct,
} from '@market/shared';
import { interpolate } from '../i18n/interpolate.ts';
import { messagesFor } from '../i18n/messages.ts';
import { localizedPath, productPath } from '../i18n/routes.ts';
import {
  getCategoryById,
  getProduct,
  getProductReviews,
  getProductSales,
  getPublicCategories,
  getPublicState,
  searchProducts,
} from './api.ts';
import { parseCatalogueQuery, searchRequestOf, type CatalogueQuery } from './catalogue-query.ts';
import { labelFromSegment } from './format.ts';

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
  const query = { ...parseCatalogueQuery(url.searchParams), q: undefined, category: undefined };
  const result = await searchProducts({
    locale,
    ...searchRequestOf(query),
    categoryId: category.id,
  });
  return { category, query, result };
}

/** A tag's name in `locale` among the popular ones of the public state, else its id as a label. */
async function tagName(tag: string, locale: Locale): Promise<string> {
  const { tags } = await getPublicState(locale);
  return tags.find((t) => t.tag === tag)?.name ?? labelFromSegment(tag);
}

/** The search page's title and heading: the words searched, else the tag, else the prompt's. */
async function searchTexts(locale: Locale, query: CatalogueQuery) {
  const t = messagesFor(locale).search;
  if (query.q) {
    return {
      title: interpolate(t.resultsTitle, { q: query.q }),
      heading: interpolate(t.resultsHeading, { q: query.q }),
    };
  }
  if (query.tag) {
    const tagged = interpolate(t.tagged, { tag: await tagName(query.tag, locale) });
    return { title: tagged, heading: tagged };
  }
  if (query.category) return { title: t.title, heading: t.heading };
  return { title: t.title, heading: t.heading, intro: t.prompt };
}

/**
 * A search page's data and texts, ready for CatalogueView; no request (and no result) until the
 * visitor typed something, followed a tag link or picked a category. The categories name the
 * category filter's choices.
 */
export async function loadSearchPage(locale: Locale, url: URL) {
  const query = parseCatalogueQuery(url.searchParams);
  const [result, texts, categories] = await Promise.all([
    query.q || query.tag || query.category
      ? searchProducts({ locale, ...searchRequestOf(query) })
      : null,
    searchTexts(locale, query),
    getPublicCategories(locale),
  ]);
  return {
    locale,
    query,
    result,
    categories: categories.map(({ id, name }) => ({ id, name })),
    description: messagesFor(locale).search.description,
    intro: undefined,
    ...texts,
    path: localizedPath(locale, '/search'),
  };
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
  | {
      kind: 'found';
      product: StoreProduct;
      sales: ProductSales | null;
      /** Its rating and approved reviews. */
      reviews: ProductReviews;
      /** The product's category, named in `locale`, for the breadcrumbs. */
      category: { id: string; name: string };
    }
> {
  if (!id || !ProductIdSchema.safeParse(id).success) return { kind: 'missing' };
  const [product, sales, categories, reviews] = await Promise.all([
    getProduct(id, locale),
    getProductSales(id, locale),
    getPublicCategories(locale),
    getProductReviews(id, locale),
  ]);
  if (!product) return { kind: 'missing' };
  if (slug !== product.slug) {
    return { kind: 'redirect', location: productPath(locale, product.id, product.slug) };
  }
  const name =
    categories.find((c) => c.id === product.categoryId)?.name ??
    DEFAULT_CATEGORIES.find((c) => c.id === product.categoryId)?.name[locale] ??
    product.categoryId;
  return { kind: 'found', product, sales, reviews, category: { id: product.categoryId, name } };
}
