import { LRUCache } from 'lru-cache';
import type { PageChanges } from './page-changes.ts';

export type CachedByIdOptions = {
  /** The tags that drop one document: `prefix + id` (page-tags.ts). */
  prefix: string;
  /** The tag that drops them all (a write whose documents could not be told). */
  all: string;
  /** The safety net for writes no bus announces (several instances without change streams). */
  ttlMs?: number;
  max?: number;
};

/**
 * `read(id)` kept in memory per id and dropped by the writes to that document, announced on the
 * change bus before they answer (the write watcher in this process, the change stream for every
 * instance): whoever wrote reads their write next. A read that began before an invalidation is
 * answered but never kept. Callers must not change what they are handed: it is shared.
 */
export function cachedById<V>(
  read: (id: string) => Promise<V>,
  changes: PageChanges,
  { prefix, all, ttlMs = 10_000, max = 100_000 }: CachedByIdOptions,
): (id: string) => Promise<V> {
  const cache = new LRUCache<string, { value: V }>({ max, ttl: ttlMs });
  // Bumped by every invalidation: a read that began before one is answered, never stored.
  let generation = 0;
  changes.subscribe((tags) => {
    for (const tag of tags) {
      if (tag === all) cache.clear();
      else if (tag.startsWith(prefix)) cache.delete(tag.slice(prefix.length));
      else continue;
      generation++;
    }
  });
  return async (id) => {
    const hit = cache.get(id);
    if (hit) return hit.value;
    const before = generation;
    const value = await read(id);
    if (before === generation) cache.set(id, { value });
    return value;
  };
}
