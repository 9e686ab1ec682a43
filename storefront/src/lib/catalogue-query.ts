import {
  CATALOGUE_SORTS,
  CATEGORY_IDS,
  CURRENCIES,
  PLATFORMS,
  REGIONS,
  toCents,
  type CatalogueSort,
  type CategoryId,
  type Currency,
  type Region,
} from '@market/shared';

/** Products per catalogue page. */
export const PAGE_SIZE = 24;
/** The API serves pages 1 to 1000. */
const MAX_PAGE = 1000;

/** The filters of a catalogue page as its GET form sends them, checked and normalised. */
export interface CatalogueQuery {
  q: string | undefined;
  /** A tag's id (the home page's tag links). */
  tag: string | undefined;
  /** The search page's category filter (a category page has its category in the path). */
  category: CategoryId | undefined;
  platform: string | undefined;
  region: Region | undefined;
  /** Absent: the default order, by relevance with words, else newest first. */
  sort: CatalogueSort | undefined;
  /**
   * The price range as typed, in `currency`: the visitor's display currency when they sent the
   * form, so a shared link filters the same for everyone. Absent when there is no range.
   */
  currency: Currency | undefined;
  min: number | undefined;
  max: number | undefined;
  page: number;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;
}

function amount(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 && number <= 1_000_000 ? number : undefined;
}

/** The filters in a catalogue URL's query; anything unknown or malformed is dropped. */
export function parseCatalogueQuery(params: URLSearchParams): CatalogueQuery {
  const q = params.get('q')?.trim().slice(0, 100) || undefined;
  let min = amount(params.get('min'));
  let max = amount(params.get('max'));
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  const page = Number(params.get('page') ?? '1');
  const ranged = min !== undefined || max !== undefined;
  return {
    q,
    tag: params.get('tag')?.trim().slice(0, 64) || undefined,
    category: oneOf(CATEGORY_IDS, params.get('category')),
    platform: oneOf(
      PLATFORMS.map((p) => p.slug),
      params.get('platform'),
    ),
    region: oneOf(REGIONS, params.get('region')),
    sort: oneOf(CATALOGUE_SORTS, params.get('sort')),
    currency: ranged ? (oneOf(CURRENCIES, params.get('currency')) ?? 'eur') : undefined,
    min,
    max,
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** The search request of a catalogue query (prices in cents of the range's currency). */
export function searchRequestOf(query: CatalogueQuery) {
  return {
    q: query.q,
    tag: query.tag,
    categoryId: query.category,
    platform: query.platform,
    region: query.region,
    sort: query.sort,
    currency: query.currency ?? 'eur',
    priceMin: query.min === undefined ? undefined : toCents(query.min),
    priceMax: query.max === undefined ? undefined : toCents(query.max),
    page: query.page,
    pageSize: PAGE_SIZE,
  };
}

/** The query string of `query` on another page: only what differs from the defaults. */
export function catalogueQueryString(query: CatalogueQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.tag) params.set('tag', query.tag);
  if (query.category) params.set('category', query.category);
  if (query.platform) params.set('platform', query.platform);
  if (query.region) params.set('region', query.region);
  if (query.sort) params.set('sort', query.sort);
  if (query.min !== undefined) params.set('min', String(query.min));
  if (query.max !== undefined) params.set('max', String(query.max));
  if (query.currency) params.set('currency', query.currency);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** How many pages `total` products fill. */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}
