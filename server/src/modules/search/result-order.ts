import type { Currency, Locale } from '@market/shared';
import type { SearchEntry } from './search-entry.ts';

export type SearchSort = 'relevance' | 'price_asc' | 'price_desc' | 'name' | 'newest';
type Compare = (a: SearchEntry, b: SearchEntry) => number;

/** Relevance, then sales, then rating, then the newest: a stable order for paging. */
export function byRelevance(scores: ReadonlyMap<SearchEntry, number>): Compare {
  return (a, b) =>
    scores.get(b)! - scores.get(a)! ||
    b.sales - a.sales ||
    b.rating - a.rating ||
    b.createdAt - a.createdAt ||
    (a.id < b.id ? -1 : 1);
}

/** The order a search asks for (relevance needs the scores of its words). */
export function orderOf(
  sort: SearchSort,
  locale: Locale,
  currency: Currency,
  scores: ReadonlyMap<SearchEntry, number>,
): Compare {
  // Products nobody sells come last on price sorts, as in the database's search.
  const byPrice =
    (dir: 1 | -1): Compare =>
    (a, b) => {
      const pa = a.minPrice[currency];
      const pb = b.minPrice[currency];
      if (pa === null || pb === null) return pa === pb ? 0 : pa === null ? 1 : -1;
      return dir * (pa - pb) || (a.id < b.id ? -dir : dir);
    };
  switch (sort) {
    case 'relevance':
      return byRelevance(scores);
    case 'price_asc':
      return byPrice(1);
    case 'price_desc':
      return byPrice(-1);
    case 'name':
      return (a, b) => a.name[locale].localeCompare(b.name[locale]) || (a.id < b.id ? -1 : 1);
    case 'newest':
      return (a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1);
  }
}

/**
 * The first `k` of `items` in `compare`'s order, as a stable sort would put them, without sorting
 * them all: a page of 24 among 20,000 matches ("steam") costs a pass and a few insertions, not
 * 300,000 comparisons. Sorts whole when `k` is a good part of them anyway.
 */
export function firstInOrder<T>(items: T[], k: number, compare: (a: T, b: T) => number): T[] {
  if (k <= 0) return [];
  if (k * 4 >= items.length) return items.sort(compare).slice(0, k);
  const top: T[] = [];
  for (const item of items) {
    // Not before the last kept: an equal one came first and stays first (stable).
    if (top.length === k && compare(item, top[k - 1]!) >= 0) continue;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(top[mid]!, item) <= 0) lo = mid + 1;
      else hi = mid;
    }
    top.splice(lo, 0, item);
    if (top.length > k) top.pop();
  }
  return top;
}
