import { foldWords, numeralWord } from './fold.ts';

/**
 * Every word the index has held since it was last built, as the index keeps them (folded,
 * numerals as digits): whether a typed word can match as typed at all, before MiniSearch is asked
 * to score it. Words are never taken out (a renamed product's old word stays), so a "no" is sure
 * and a "yes" is only as good as asking: enough to skip a search that cannot find anything.
 */
export function createVocabulary() {
  const words = new Set<string>();
  // Sorted lazily, for prefixes: new words come with new products or renames, not with prices.
  let sorted: string[] | null = [];

  return {
    add(text: string) {
      for (const folded of foldWords(text)) {
        const word = numeralWord(folded);
        if (words.has(word)) continue;
        words.add(word);
        sorted = null;
      }
    },
    clear() {
      words.clear();
      sorted = [];
    },
    /** Whether some word is `word`, or (with `prefix`) starts with it. */
    has(word: string, prefix: boolean): boolean {
      if (words.has(word)) return true;
      if (!prefix) return false;
      sorted ??= [...words].sort();
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (sorted[mid]! < word) lo = mid + 1;
        else hi = mid;
      }
      return lo < sorted.length && sorted[lo]!.startsWith(word);
    },
  };
}
