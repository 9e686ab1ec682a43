import { LRUCache } from 'lru-cache';
import { cacheLookups } from '../observability/metrics.ts';

/**
 * A read kept in memory and what drops it: `heard` takes the change bus's tags, and the module
 * whose reads these are declares it among its `changeListeners` (runtime/module.ts), so the
 * declaration is the one place that says what a module hears.
 */
export type HeardCache<F> = { read: F; heard: (tags: readonly string[]) => void };

export type CachedByIdOptions = {
  /** The tags that drop one document: `prefix + id` (page-tags.ts). */
  prefix: string;
  /** The tag that drops them all (a write whose documents could not be told). */
  all: string;
  /** The safety net for writes no bus announces (several instances without change streams). */
  ttlMs?: number;
  max?: number;
};

/** A cache of documents by id, dropped by the change bus's tags (`cachedById`, `cachedByIds`). */
function idCache<V>({ prefix, all, ttlMs = 10_000, max = 100_000 }: CachedByIdOptions) {
  const cache = new LRUCache<string, { value: V }>({ max, ttl: ttlMs });
  // `cache_lookups_total{cache="user"|"product"|"cart"}`: named by the tag prefix, bound once.
  const name = prefix.replace(/\W+$/, '');
  const hits = cacheLookups.labels(name, 'hit');
  const misses = cacheLookups.labels(name, 'miss');
  // Bumped by every invalidation: a read that began before one is answered, never stored.
  let generation = 0;
  return {
    heard(tags: readonly string[]) {
      for (const tag of tags) {
        if (tag === all) cache.clear();
        else if (tag.startsWith(prefix)) cache.delete(tag.slice(prefix.length));
        else continue;
        generation++;
      }
    },
    cache,
    hits,
    misses,
    /** Reads with `read`, keeping what it answered unless an invalidation came meanwhile. */
    async fill<R>(read: () => Promise<R>, keep: (answer: R) => void): Promise<R> {
      const before = generation;
      const answer = await read();
      if (before === generation) keep(answer);
      return answer;
    },
  };
}

/**
 * `read(id)` kept in memory per id and dropped by the writes to that document (`heard`), announced
 * on the change bus before they answer (the write watcher in this process, the change stream for every
 * instance): whoever wrote reads their write next. A read that began before an invalidation is
 * answered but never kept. Callers must not change what they are handed: it is shared.
 */
export function cachedById<V>(
  read: (id: string) => Promise<V>,
  options: CachedByIdOptions,
): HeardCache<(id: string) => Promise<V>> {
  const { cache, fill, hits, misses, heard } = idCache<V>(options);
  const cached = async (id: string): Promise<V> => {
    const hit = cache.get(id);
    if (hit) {
      hits.inc();
      return hit.value;
    }
    misses.inc();
    return fill(
      () => read(id),
      (value) => cache.set(id, { value }),
    );
  };
  return { read: cached, heard };
}

/**
 * `cachedById` for reads of several documents at once: the ids not in memory are read together
 * (`readMany`, answering the documents found, `idOf` naming each); an id not found is not kept.
 */
export function cachedByIds<V>(
  readMany: (ids: string[]) => Promise<V[]>,
  idOf: (doc: V) => string,
  options: CachedByIdOptions,
): HeardCache<(ids: readonly string[]) => Promise<V[]>> {
  const { cache, fill, hits, misses, heard } = idCache<V>(options);
  const cached = async (ids: readonly string[]): Promise<V[]> => {
    const found: V[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const hit = cache.get(id);
      if (hit) found.push(hit.value);
      else missing.push(id);
    }
    if (found.length) hits.inc(found.length);
    if (!missing.length) return found;
    misses.inc(missing.length);
    const read = await fill(
      () => readMany(missing),
      (docs) => docs.forEach((doc) => cache.set(idOf(doc), { value: doc })),
    );
    return [...found, ...read];
  };
  return { read: cached, heard };
}
