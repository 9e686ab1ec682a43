import MiniSearch from 'minisearch';
import type { Locale, SearchFacets } from '@market/shared';
import { createAnswerCache } from './answer-cache.ts';
import { foldWords, isRoman, numeralWord } from './fold.ts';
import { asPrefix, planQuery, type SynonymGroups } from './query-plan.ts';
import { createVocabulary } from './vocabulary.ts';
import { countFacets, type CatalogueFilters } from './facets.ts';
import { byRelevance, firstInOrder, orderOf, type SearchSort } from './result-order.ts';
import type { SearchEntry } from './search-entry.ts';
import type { ProductSignals } from './search-signals.ts';

export type { SearchEntry };

/** A search over the index: the text, the filters, and which order. */
export type IndexQuery = CatalogueFilters & {
  q: string;
  locale: Locale;
  sort: SearchSort;
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
  const vocabulary = createVocabulary();
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

  /** The products matching every word of `text` and their scores (none when it has no word). */
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
    for (const forgiving of asTypedCanMatch(text, synonyms) ? [false, true] : [true]) {
      const plan = planQuery(text, synonyms, forgiving, fields.slice(0, -1));
      if (!plan) break;
      results = mini.search(plan.query, { fields, boost });
      if (results.length) break;
    }
    const scores = new Map<SearchEntry, number>();
    for (const r of results) {
      const e = entries.get(String(r.id));
      if (e) scores.set(e, r.score);
    }
    return scores;
  }

  /**
   * Whether the words as typed can find anything: not when a word (neither a numeral nor part of
   * a synonym, which bring other words) is no catalogue word and starts none. A typo then goes
   * straight to the forgiving search instead of scoring the other words' postings for nothing.
   */
  function asTypedCanMatch(text: string, synonyms: SynonymGroups): boolean {
    const words = foldWords(text);
    const brought = new Set(synonyms.flat(2));
    return words.every(
      (w, i) =>
        isRoman(w) || brought.has(w) || vocabulary.has(w, asPrefix(w, i === words.length - 1)),
    );
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
      const docs = [...map.values()].map(toDoc);
      fresh.addAll(docs);
      mini = fresh;
      vocabulary.clear();
      for (const d of docs) vocabulary.add(`${d.en} ${d.it} ${d.extra}`);
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
        const doc = toDoc(entry);
        mini.add(doc);
        vocabulary.add(`${doc.en} ${doc.it} ${doc.extra}`);
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
        return firstInOrder([...scores.keys()], limit, byRelevance(scores));
      });
    },
  };

  function searchNow(q: IndexQuery, synonyms: SynonymGroups): IndexAnswer {
    const scores = q.q ? match(q.q, q.locale, synonyms) : new Map<SearchEntry, number>();
    // Without words, every product (read in place, not copied).
    const candidates = q.q ? scores.keys() : entries.values();
    const { facets, hits } = countFacets(candidates, q);
    const page = firstInOrder(
      hits,
      q.skip + q.limit,
      orderOf(q.sort, q.locale, q.currency, scores),
    ).slice(q.skip);
    const answer: IndexAnswer = { ids: page.map((e) => e.id), total: hits.length, facets };
    if (!hits.length && q.q) {
      const suggestion = didYouMean(q.q, q.locale);
      if (suggestion) answer.didYouMean = suggestion;
    }
    return answer;
  }
}
export type CatalogueIndex = ReturnType<typeof createCatalogueIndex>;
