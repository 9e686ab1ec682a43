import { LRUCache } from 'lru-cache';

/** What every stored entry has: the tags that invalidate it (page-tags.ts), and its time. */
export type TaggedEntry = {
  tags: readonly string[];
  storedAt: number;
};

/** One rendered page as stored: its status and headers, and the body three ways, compressed once. */
export type PageEntry = TaggedEntry & {
  status: number;
  headers: Record<string, string>;
  body: { identity: Buffer; gzip: Buffer; br: Buffer };
  etag: string;
};

export type PageStoreOptions = {
  /** Bound on the bytes every entry holds (its three bodies, headers and key). */
  maxBytes: number;
  /** How long an entry is served as is; after that it is served stale while it is re-rendered. */
  freshMs: number;
  /** After this an entry is never served: the safety net for any change no write announced. */
  maxAgeMs: number;
  now?: () => number;
};

export type Lookup<E extends TaggedEntry = PageEntry> =
  { entry: E; state: 'fresh' | 'stale' } | undefined;

/** What one page costs: its bodies and a rough allowance for key, headers and bookkeeping. */
function pageSizeOf(entry: PageEntry, key: string): number {
  const { identity, gzip, br } = entry.body;
  return identity.length + gzip.length + br.length + key.length + 512;
}

/** The page entries, bounded in bytes. */
export const createPageStore = (options: PageStoreOptions) =>
  createTaggedStore<PageEntry>({ ...options, sizeOf: pageSizeOf });
export type PageStore = ReturnType<typeof createPageStore>;

/**
 * Entries in an LRU bounded by `sizeOf` (lru-cache), each indexed by its tags so a write drops
 * exactly the entries it changes. `since()`/`store(…, since)` close the race of a render (or a
 * read) that started before a write and finishes after its invalidation: it is not stored.
 */
export function createTaggedStore<E extends TaggedEntry>(
  options: PageStoreOptions & { sizeOf: (entry: E, key: string) => number },
) {
  const { sizeOf } = options;
  const now = options.now ?? Date.now;
  const byTag = new Map<string, Set<string>>();
  // The invalidation counter, and for each tag the count at its last invalidation. Only renders
  // in flight need it: the most recent 100,000 tags are plenty.
  let seq = 0;
  const invalidatedAt = new LRUCache<string, number>({ max: 100_000 });

  const unindex = (key: string, entry: E) => {
    for (const tag of entry.tags) {
      const keys = byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) byTag.delete(tag);
    }
  };
  const lru = new LRUCache<string, E>({
    maxSize: options.maxBytes,
    sizeCalculation: sizeOf,
    ttl: options.maxAgeMs,
    // An entry past its max age is dropped on read, never handed out.
    allowStale: false,
    dispose: (entry, key) => unindex(key, entry),
    perf: { now },
  });

  return {
    /** The entry for `key` and whether it is still fresh; undefined when none (or too old). */
    get(key: string): Lookup<E> {
      const entry = lru.get(key);
      if (!entry) return undefined;
      const age = now() - entry.storedAt;
      if (age >= options.maxAgeMs) {
        lru.delete(key);
        return undefined;
      }
      return { entry, state: age < options.freshMs ? 'fresh' : 'stale' };
    },
    /** The point in the invalidation history a render starts from; give it to `store`. */
    since: () => seq,
    /**
     * Keeps `entry` unless one of its tags was invalidated after `since` (the render may hold
     * data older than that write) or it alone exceeds the bound. Answers whether it was kept.
     */
    store(key: string, entry: E, since: number): boolean {
      if (entry.tags.some((tag) => (invalidatedAt.get(tag) ?? -1) >= since)) return false;
      if (sizeOf(entry, key) > options.maxBytes) return false;
      // Unindex the entry replaced first: lru-cache disposes it only after the set.
      const previous = lru.peek(key);
      if (previous) lru.delete(key);
      lru.set(key, entry);
      for (const tag of entry.tags) {
        let keys = byTag.get(tag);
        if (!keys) byTag.set(tag, (keys = new Set()));
        keys.add(key);
      }
      return true;
    },
    /** Drops every entry carrying one of `tags`; answers how many were dropped. */
    invalidate(tags: Iterable<string>): number {
      let dropped = 0;
      for (const tag of tags) {
        invalidatedAt.set(tag, seq);
        for (const key of [...(byTag.get(tag) ?? [])]) if (lru.delete(key)) dropped += 1;
      }
      seq += 1;
      return dropped;
    },
    clear: () => lru.clear(),
    /** Entries held and the bytes they count for. */
    stats: () => ({ entries: lru.size, bytes: lru.calculatedSize }),
  };
}
