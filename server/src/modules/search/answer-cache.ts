import type { SynonymGroups } from './query-plan.ts';

/**
 * The last answers of the index, most recent last, emptied whenever the index or the synonyms
 * change: buyers repeat the same few queries (and the header asks again for every letter typed
 * back), and an answer costs a few milliseconds of scoring at 100,000 products where a lookup
 * costs microseconds. Speed only: a key holds everything the answer depends on, and any write
 * to the index moves its version, so a kept answer is never one the index would not give now.
 */
export function createAnswerCache<V>(max: number) {
  const kept = new Map<string, V>();
  const groupIds = new WeakMap<SynonymGroups, number>();
  let nextGroupId = 0;
  let keptAt = -1;

  return {
    /** `compute()`'s answer for `key` at this version of the index, kept for the next asker. */
    get(version: number, synonyms: SynonymGroups, key: string, compute: () => V): V {
      if (version !== keptAt) {
        kept.clear();
        keptAt = version;
      }
      let groups = groupIds.get(synonyms);
      if (groups === undefined) groupIds.set(synonyms, (groups = nextGroupId++));
      const full = `${groups}\u0000${key}`;
      const hit = kept.get(full);
      if (hit !== undefined) {
        // Moved to the end: the least recently asked is dropped first.
        kept.delete(full);
        kept.set(full, hit);
        return hit;
      }
      const value = compute();
      kept.set(full, value);
      if (kept.size > max) kept.delete(kept.keys().next().value!);
      return value;
    },
  };
}
