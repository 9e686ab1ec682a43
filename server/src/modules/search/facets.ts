import type { CatalogueSearchRequest, SearchFacets } from '@market/shared';
import type { SearchEntry } from './search-entry.ts';

/**
 * The filters of a catalogue search besides its words (price bounds in cents of `currency`): the
 * index's filters and facets and the database's filter-only page (products.repository.ts) read
 * this one shape, the request's own.
 */
export type CatalogueFilters = Pick<
  CatalogueSearchRequest,
  'categoryId' | 'platform' | 'region' | 'tag' | 'currency' | 'priceMin' | 'priceMax'
>;

/** Price bands in cents of the buyer's currency; the last has no top. */
export const PRICE_BANDS: readonly { min: number; max: number | null }[] = [
  { min: 0, max: 500 },
  { min: 500, max: 1000 },
  { min: 1000, max: 2000 },
  { min: 2000, max: 5000 },
  { min: 5000, max: null },
];

type FacetCount = SearchFacets['categories'][number];

type Dimension = 'category' | 'platform' | 'region' | 'price';

/** The filter dimensions an entry fails (a facet counts the entries failing none but its own). */
function failures(e: SearchEntry, f: CatalogueFilters): Dimension[] {
  const out: Dimension[] = [];
  if (f.categoryId && e.categoryId !== f.categoryId) out.push('category');
  if (f.platform && e.platform !== f.platform) out.push('platform');
  if (f.region && e.region !== f.region) out.push('region');
  if (f.priceMin !== undefined || f.priceMax !== undefined) {
    const price = e.minPrice[f.currency];
    if (
      price === null ||
      (f.priceMin !== undefined && price < f.priceMin) ||
      (f.priceMax !== undefined && price > f.priceMax)
    ) {
      out.push('price');
    }
  }
  return out;
}

/** Whether the entry passes every filter (a tag is a filter without a facet). */
export function passes(e: SearchEntry, f: CatalogueFilters): boolean {
  return (!f.tag || e.tags.includes(f.tag)) && failures(e, f).length === 0;
}

const sorted = (counts: Map<string, number>): FacetCount[] =>
  [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1));

/**
 * Counts beside each filter: how many results choosing that value would give, the other filters
 * kept (so a chosen category still shows the others' counts, as shops do).
 */
export function countFacets(candidates: readonly SearchEntry[], f: CatalogueFilters): SearchFacets {
  const categories = new Map<string, number>();
  const platforms = new Map<string, number>();
  const regions = new Map<string, number>();
  const bands = PRICE_BANDS.map(() => 0);
  const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  for (const e of candidates) {
    if (f.tag && !e.tags.includes(f.tag)) continue;
    const failed = failures(e, f);
    if (failed.length > 1) continue;
    const only = failed[0];
    if (!only || only === 'category') add(categories, e.categoryId);
    if (!only || only === 'platform') add(platforms, e.platform);
    if (!only || only === 'region') add(regions, e.region);
    if (!only || only === 'price') {
      const price = e.minPrice[f.currency];
      if (price !== null) {
        const band = PRICE_BANDS.findIndex(
          (b) => price >= b.min && (b.max === null || price < b.max),
        );
        if (band >= 0) bands[band]!++;
      }
    }
  }
  return {
    categories: sorted(categories),
    platforms: sorted(platforms),
    regions: sorted(regions),
    priceBands: PRICE_BANDS.map((b, i) => ({ ...b, count: bands[i]! })),
  };
}
