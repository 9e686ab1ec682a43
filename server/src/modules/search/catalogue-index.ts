import MiniSearch from 'minisearch';
import type { Locale, SearchFacets } from '@market/shared';
import { createAnswerCache } from './answer-cache.ts';
import { foldWords, numeralWord } from './fold.ts';
import { planQuery, type SynonymGroups } from './query-plan.ts';
import { countFacets, passes, type CatalogueFilters } from './facets.ts';
import type { SearchEntry } from './search-entry.ts';
import type { ProductSignals } from './search-signals.ts';

export type { SearchEntry };

/** A search over the index: the text, the filters, and which order. */
export type IndexQuery = CatalogueFilters & {
  q: string;
  locale: Locale;
  sort: 'relevance' | 'price_asc' | 'price_desc' | 'name' | 'newest';
  skip: number;
  limit: number;
};

export type IndexAnswer = {
  ids: string[];
  total: number;
  facets: SearchFacets;
  /** With no result: the query with each word replaced by the closest word of the catalogue. */
  didYouMean?: string;
};

type Doc = { id: string; en: string; it: string; extra: string };

/** Answers kept per instance (each a page of ids and the facets: a few kB). */
const KEPT_ANSWERS = 1_000;

// An Italian name equal to the English one (most games) is indexed once, under `en`: Italian
// searches read both fields.
const toDoc = (e: SearchEntry): Doc => ({
  id: e.id,
  en: e.name.en,
  it: e.name.it === e.name.en ? '' : e.name.it,
  extra: e.extra,
});

/**
 * The catalogue's words in memory (MiniSearch: a radix tree per field, BM25 scores, fuzzy and
 * prefix lookups), beside each product's filter fields. Each instance holds its own, built from
 * the products collection and kept fresh by the write events (`search-sync.ts`).
 */
export function createCatalogueIndex() {
  const entries = new Map<string, SearchEntry>();
  let mini = newMini();
  let version = 0;
  const answers = createAnswerCache<IndexAnswer>(KEPT_ANSWERS);
  const suggestions = createAnswerCache<SearchEntry[]>(KEPT_ANSWERS);

  function newMini() {
    return new MiniSearch<Doc>({
      fields: ['en', 'it', 'extra'],
      tokenize: (text) => foldWords(text),
      processTerm: (term) => numeralWord(term),
      // Query words are folded and expanded by planQuery already: taken as they come.
      searchOptions: { tokenize: (text) => text.split(' ').filter(Boolean), processTerm: (t) => t },
    });
  }

  /** Relevance, then sales, then rating, then the newest: a stable order for paging. */
  function byRelevance(scores: Map<string, number>) {
    return (a: SearchEntry, b: SearchEntry) =>
      scores.get(b.id)! - scores.get(a.id)! ||
      b.sales - a.sales ||
      b.rating - a.rating ||
      b.createdAt - a.createdAt ||
      (a.id < b.id ? -1 : 1);
  }

  function orderOf(q: IndexQuery, scores: Map<string, number>) {
    const price = (e: SearchEntry) => e.minPrice[q.currency];
    // Products nobody sells come last on price sorts, as in the database's search.
    const byPrice = (dir: 1 | -1) => (a: SearchEntry, b: SearchEntry) => {
      const pa = price(a);
      const pb = price(b);
      if (pa === null || pb === null) return pa === pb ? 0 : pa === null ? 1 : -1;
      return dir * (pa - pb) || (a.id < b.id ? -dir : dir);
    };
    switch (q.sort) {
      case 'relevance':
        return byRelevance(scores);
      case 'price_asc':
        return byPrice(1);
      case 'price_desc':
        return byPrice(-1);
      case 'name':
        return (a: SearchEntry, b: SearchEntry) =>
          a.name[q.locale].localeCompare(b.name[q.locale]) || (a.id < b.id ? -1 : 1);
      case 'newest':
        return (a: SearchEntry, b: SearchEntry) =>
          b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1);
    }
  }

  /** Scores of the products matching every word of `text` (none when it has no word). */
  function match(text: string, locale: Locale, synonyms: SynonymGroups) {
    // English names always; an Italian buyer's own names count more.
    const fields = locale === 'it' ? ['it', 'en', 'extra'] : ['en', 'extra'];
    const boost: Record<string, number> =
      locale === 'it' ? { it: 2, en: 1, extra: 0.3 } : { en: 2, extra: 0.3 };
    // Every word must match (in any field, any order): a word no product has finds nothing, and
    // the buyer is offered "did you mean" rather than products matching half the query. Words as
    // typed first (each also a prefix): typo forgiveness multiplies the terms each word reads, so
    // it is the second try, when the first found nothing.
    let results: ReturnType<typeof mini.search> = [];
    for (const forgiving of [false, true]) {
      const plan = planQuery(text, synonyms, forgiving);
      if (!plan) return new Map<string, number>();
      results = mini.search(plan.query, { fields, boost });
      if (results.length) break;
    }
    return new Map(results.map((r) => [String(r.id), r.score]));
  }

  /** The closest catalogue word to each typed word, or nothing when none is closer than 1/3. */
  function didYouMean(text: string, locale: Locale): string | undefined {
    const fields = locale === 'it' ? ['it', 'en'] : ['en'];
    const words = foldWords(text);
    let changed = false;
    const fixed = words.map((word) => {
      const hit = mini.search(word, { fields, fuzzy: 0.34, prefix: false })[0];
      const closest = hit?.terms[0];
      if (!closest || closest === word) return word;
      changed = true;
      return closest;
    });
    return changed ? fixed.join(' ') : undefined;
  }

  return {
    /** Bumped on every change: answers kept in memory are keyed on it. */
    get version() {
      return version;
    },
    get size() {
      return entries.size;
    },

    /** Replaces the whole index (the start, or a write whose products could not be told). */
    load(all: Iterable<SearchEntry>) {
      const fresh = newMini();
      const map = new Map<string, SearchEntry>();
      for (const e of all) map.set(e.id, e);
      fresh.addAll([...map.values()].map(toDoc));
      mini = fresh;
      entries.clear();
      for (const [id, e] of map) entries.set(id, e);
      version++;
    },

    /** A product added or changed (`entry`), or gone (null). */
    put(id: string, entry: SearchEntry | null) {
      const before = entries.get(id);
      if (before) mini.discard(id);
      entries.delete(id);
      if (entry) {
        entries.set(id, entry);
        mini.add(toDoc(entry));
      }
      version++;
    },

    /** A product's new sales and rating (relevance's tie-breakers; its words are unchanged). */
    retune(id: string, signals: ProductSignals) {
      const e = entries.get(id);
      if (!e || (e.sales === signals.sales && e.rating === signals.rating)) return;
      // A new object: answers handed out earlier keep what they were given.
      entries.set(id, { ...e, ...signals });
      version++;
    },

    /** One page of matching ids, the total, the facets and, with none, a suggestion. */
    search(q: IndexQuery, synonyms: SynonymGroups): IndexAnswer {
      // Keyed on the words as the index sees them: "Emerald-Drift" and "emerald drift" meet.
      const key = JSON.stringify([
        foldWords(q.q).join(' '),
        q.locale,
        q.sort,
        q.skip,
        q.limit,
        q.currency,
        q.categoryId,
        q.platform,
        q.region,
        q.tag,
        q.priceMin,
        q.priceMax,
      ]);
      return answers.get(version, synonyms, key, () => searchNow(q, synonyms));
    },

    /** Up to `limit` products for the header's suggestions, best first. */
    suggest(text: string, locale: Locale, synonyms: SynonymGroups, limit: number): SearchEntry[] {
      const key = `${locale} ${limit} ${foldWords(text).join(' ')}`;
      return suggestions.get(version, synonyms, key, () => {
        const scores = match(text, locale, synonyms);
        const hits = [...scores.keys()].flatMap((id) => entries.get(id) ?? []);
        return hits.sort(byRelevance(scores)).slice(0, limit);
      });
    },
  };

  function searchNow(q: IndexQuery, synonyms: SynonymGroups): IndexAnswer {
    const scores = q.q ? match(q.q, q.locale, synonyms) : null;
    const candidates = scores
      ? [...scores.keys()].flatMap((id) => entries.get(id) ?? [])
      : [...entries.values()];
    const facets = countFacets(candidates, q);
    const hits = candidates.filter((e) => passes(e, q));
    hits.sort(orderOf(q, scores ?? new Map()));
    const answer: IndexAnswer = {
      ids: hits.slice(q.skip, q.skip + q.limit).map((e) => e.id),
      total: hits.length,
      facets,
    };
    if (!hits.length && q.q) {
      const suggestion = didYouMean(q.q, q.locale);
      if (suggestion) answer.didYouMean = suggestion;
    }
    return answer;
  }
}
export type CatalogueIndex = ReturnType<typeof createCatalogueIndex>;
