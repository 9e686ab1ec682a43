/**
 * A small cache of final refusals by token hash: a token that is unknown, or revoked, stays so
 * for good (a revocation is never undone; a hash no token has will not get one), so remembering
 * it needs no invalidation, on this instance or another, and a script hammering with a dead
 * token reads nothing. A valid token is never kept: each of its calls reads it, so a revocation
 * through any instance is refused by every other at its next request (`api-tokens.service.ts`).
 * An entry lives `ttlMs`; past `max` entries the oldest goes first.
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
