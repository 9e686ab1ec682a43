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

// The filter dimensions an entry fails, as bits (no array per entry: a search without words reads
// every product).
const CATEGORY = 1;
const PLATFORM = 2;
const REGION = 4;
const PRICE = 8;

function failures(e: SearchEntry, f: CatalogueFilters): number {
  let out = 0;
  if (f.categoryId && e.categoryId !== f.categoryId) out |= CATEGORY;
  if (f.platform && e.platform !== f.platform) out |= PLATFORM;
  if (f.region && e.region !== f.region) out |= REGION;
  if (f.priceMin !== undefined || f.priceMax !== undefined) {
    const price = e.minPrice[f.currency];
    if (
      price === null ||
      (f.priceMin !== undefined && price < f.priceMin) ||
      (f.priceMax !== undefined && price > f.priceMax)
    ) {
      out |= PRICE;
    }
  }
  return out;
}

const sorted = (counts: Map<string, number>): FacetCount[] =>
  [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1));

const bandOf = (price: number) =>
  PRICE_BANDS.findIndex((b) => price >= b.min && (b.max === null || price < b.max));

/**
 * One pass over the candidates: the ones passing every filter (a tag is a filter without a
 * facet), and the counts beside each filter: how many results choosing that value would give,
 * the other filters kept (so a chosen category still shows the others' counts, as shops do).
 */
export function countFacets(
  candidates: Iterable<SearchEntry>,
  f: CatalogueFilters,
): { facets: SearchFacets; hits: SearchEntry[] } {
  const categories = new Map<string, number>();
  const platforms = new Map<string, number>();
  const regions = new Map<string, number>();
  const bands = PRICE_BANDS.map(() => 0);
  const hits: SearchEntry[] = [];
  const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  for (const e of candidates) {
    if (f.tag && !e.tags.includes(f.tag)) continue;
    const failed = failures(e, f);
    // More than one dimension failed: counted nowhere.
    if (failed & (failed - 1)) continue;
    if (!failed) hits.push(e);
    if (!(failed & ~CATEGORY)) add(categories, e.categoryId);
    if (!(failed & ~PLATFORM)) add(platforms, e.platform);
    if (!(failed & ~REGION)) add(regions, e.region);
    if (!(failed & ~PRICE)) {
      const price = e.minPrice[f.currency];
      const band = price === null ? -1 : bandOf(price);
      if (band >= 0) bands[band]!++;
    }
  }
  return {
    facets: {
      categories: sorted(categories),
      platforms: sorted(platforms),
      regions: sorted(regions),
      priceBands: PRICE_BANDS.map((b, i) => ({ ...b, count: bands[i]! })),
    },
    hits,
  };
}
