import type { Query, QueryCombination } from 'minisearch';
import { foldWords, isRoman, numeralWord } from './fold.ts';

/** Groups of phrases a buyer means alike ("gta" = "grand theft auto"), each folded to words. */
export type SynonymGroups = readonly (readonly (readonly string[])[])[];

/**
 * How many letters a typed word may have wrong: one in a word of five letters, two from nine.
 * Counted on the word meant, which a dropped letter makes one shorter ("arna" for "arena").
 */
const typosAllowed = (word: string): number => (word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0);

/**
 * The word with two neighbouring letters swapped, each way: "dynsaty" → "dynasty". MiniSearch's
 * edit distance counts a swap as two edits, buyers count it as one typo.
 */
function swaps(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i + 1 < word.length; i++) {
    if (word[i] === word[i + 1]) continue;
    out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  out.delete(word);
  return [...out];
}

/**
 * Whether a typed word also matches the longer words it starts: from two letters for the last
 * word (the one the buyer is typing), from three for the others ("emer dri"). A single letter
 * would read a good part of the vocabulary and its postings (130 ms at 100,000 products for
 * "e") to rank products by a letter.
 */
export const asPrefix = (word: string, last: boolean) => word.length >= (last ? 2 : 3);

/**
 * One typed word: in the names (`names`, the buyer's language's fields) itself, with typos
 * forgiven and, as the buyer may still be typing it, as a prefix, its swaps, and for a roman
 * numeral its digits too ("v" → "5", "ii" still "ii…"); in the platform and brand words only
 * whole. Those are on every product ("Northwind Games", "steam"): as a prefix "gam" (for
 * "gambit") scored all 100,000 products of the bench for "games".
 */
function wordQuery(word: string, forgiving: boolean, last: boolean, names: string[]): Query {
  const typos = forgiving ? typosAllowed(word) : 0;
  const queries: Query[] = [
    { queries: [word], fuzzy: typos || false, prefix: asPrefix(word, last), combineWith: 'OR' },
  ];
  if (typos > 0) {
    queries.push({
      queries: [swaps(word).join(' ')],
      fuzzy: false,
      prefix: false,
      combineWith: 'OR',
    });
  }
  if (isRoman(word)) queries.push({ queries: [numeralWord(word)], fuzzy: false, prefix: false });
  return {
    queries: [
      { queries, fields: names, combineWith: 'OR' },
      { queries: [numeralWord(word)], fields: ['extra'], fuzzy: false, prefix: false },
    ],
    combineWith: 'OR',
  };
}

const samePhrase = (words: readonly string[], at: number, phrase: readonly string[]) =>
  phrase.length > 0 && phrase.every((w, k) => words[at + k] === w);

/** A phrase of a synonym group, all its words required, as typed (no prefix on a synonym). */
const phraseQuery = (phrase: readonly string[]): Query => ({
  queries: phrase.map((w) => numeralWord(w)),
  combineWith: 'AND',
  fuzzy: false,
  prefix: false,
});

/**
 * The query tree of a search: every typed word (or synonym phrase) must match, in any order.
 * A phrase of a synonym group becomes "any of the group's phrases". Null without a word.
 */
export function planQuery(
  text: string,
  synonyms: SynonymGroups,
  /** With typos forgiven: the second try, when the words as typed (and as prefixes) found none. */
  forgiving = true,
  /** The name fields searched, the buyer's language's first. */
  names: string[] = ['en'],
): { query: QueryCombination; words: string[] } | null {
  const words = foldWords(text);
  if (!words.length) return null;
  const queries: Query[] = [];
  for (let at = 0; at < words.length;) {
    let matched: { group: (typeof synonyms)[number]; length: number } | null = null;
    for (const group of synonyms) {
      for (const phrase of group) {
        if (samePhrase(words, at, phrase) && phrase.length > (matched?.length ?? 0)) {
          matched = { group, length: phrase.length };
        }
      }
    }
    if (matched) {
      // The phrase as typed keeps its typo/prefix forgiveness; the others must match whole.
      const typed = words.slice(at, at + matched.length);
      const end = at + matched.length;
      const typedQuery: Query =
        typed.length === 1
          ? wordQuery(typed[0]!, forgiving, end === words.length, names)
          : {
              queries: typed.map((w, k) =>
                wordQuery(w, forgiving, at + k === words.length - 1, names),
              ),
              combineWith: 'AND',
            };
      queries.push({ queries: [typedQuery, ...matched.group.map(phraseQuery)], combineWith: 'OR' });
      at += matched.length;
    } else {
      queries.push(wordQuery(words[at]!, forgiving, at === words.length - 1, names));
      at += 1;
    }
  }
  return { query: { queries, combineWith: 'AND' }, words };
}
