import { cacheLookups } from '../observability/metrics.ts';
import { createTaggedStore, type TaggedEntry } from './page-store.ts';

type MemoEntry<V> = TaggedEntry & { value: V; bytes: number };

export type ReadMemoOptions = {
  /**
   * Bound on the bytes the answers hold: each counted, once when stored, as twice its JSON
   * length (the answer, and its JSON text kept for `jsonTextOf`).
   */
  maxBytes?: number;
  /** The safety net for a change no write announced: an answer is never older than this. */
  maxAgeMs?: number;
  now?: () => number;
};

/**
 * Answers of public read calls kept in memory and dropped by the writes that change them, on the
 * same change bus as the page cache (`docs/page-cache.md`): a hot catalogue query costs its
 * database reads once per change, not once per request. Concurrent misses of one key share one
 * read, unless a write came between them (the later one then reads again, so whoever wrote sees
 * it). An answer whose read began before a write to one of its tags is handed out but not kept.
 * The bus's tags come through `heard`, which the memo's module declares among its change listeners.
 */
/** `cache_lookups_total{cache="catalogue-reads"}`: the public read calls' answers. */
const memoHits = cacheLookups.labels('catalogue-reads', 'hit');
const memoMisses = cacheLookups.labels('catalogue-reads', 'miss');

/**
 * The JSON text of each answer a memo stored, made once then (it is what measured the answer's
 * size): a route answering a kept answer sends it without serialising it again, which was an
 * eighth of a repeated search's CPU. Weak: the text goes when its answer does.
 */
const keptText = new WeakMap<object, string>();

/** `value` as JSON text: the text kept with a memo's answer, else made now. */
export function jsonTextOf(value: unknown): string {
  const kept = typeof value === 'object' && value !== null ? keptText.get(value) : undefined;
  return kept ?? JSON.stringify(value);
}

export function createReadMemo({
  maxBytes = 16 * 1024 * 1024,
  maxAgeMs = 60_000,
  now = Date.now,
}: ReadMemoOptions = {}) {
  const store = createTaggedStore<MemoEntry<unknown>>({
    maxBytes,
    freshMs: maxAgeMs,
    maxAgeMs,
    now,
    sizeOf: (entry, key) => entry.bytes + key.length + 256,
  });
  const reading = new Map<string, Promise<unknown>>();

  return {
    /** `read()`'s answer for `key`, from memory while none of `tags` changed. */
    async get<V>(key: string, tags: readonly string[], read: () => Promise<V>): Promise<V> {
      const hit = store.get(key);
      if (hit) {
        memoHits.inc();
        return hit.entry.value as V;
      }
      memoMisses.inc();
      const since = store.since();
      const sharedKey = `${since}\u0000${key}`;
      const pending = reading.get(sharedKey);
      if (pending) return pending as Promise<V>;
      const promise = read()
        .then((value) => {
          const text = JSON.stringify(value) as string | undefined;
          if (text !== undefined && typeof value === 'object' && value !== null) {
            keptText.set(value, text);
          }
          const bytes = 2 * (text?.length ?? 0);
          store.store(key, { value, bytes, tags, storedAt: now() }, since);
          return value;
        })
        .finally(() => reading.delete(sharedKey));
      reading.set(sharedKey, promise);
      return promise;
    },
    /** The change bus's tags: drops the answers that read what changed. */
    heard: (tags: readonly string[]) => store.invalidate(tags),
    stats: store.stats,
  };
}
export type ReadMemo = ReturnType<typeof createReadMemo>;
