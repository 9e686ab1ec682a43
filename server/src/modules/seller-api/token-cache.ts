/**
 * A small cache of resolved tokens by hash, so a token's request needs no read of its own: an
 * entry lives `ttlMs` (a revocation on another instance counts within it; one on
 * this instance counts at once, `forget`). Bounded: past `max` entries the oldest goes first.
 */
export function createTokenCache<V>(ttlMs: number, max = 10_000, now = () => Date.now()) {
  const entries = new Map<string, { value: V; until: number }>();
  return {
    get(key: string): V | undefined {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.until <= now()) {
        entries.delete(key);
        return undefined;
      }
      return hit.value;
    },
    set(key: string, value: V) {
      if (ttlMs <= 0) return;
      entries.delete(key);
      if (entries.size >= max) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, until: now() + ttlMs });
    },
    forget(key: string) {
      entries.delete(key);
    },
  };
}
