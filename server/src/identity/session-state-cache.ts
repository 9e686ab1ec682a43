import { LRUCache } from 'lru-cache';
import type { PageChanges } from '../page-cache/page-changes.ts';
import { ALL_USERS, USER_TAG_PREFIX } from '../page-cache/page-tags.ts';
import type { SessionState } from '../modules/users/users.repository.ts';

/** How long a user's session state is trusted without a write announcing a change. */
export const SESSION_STATE_TTL_MS = 10_000;

type SessionReader = { sessionState(uid: string): Promise<SessionState | null> };

/**
 * The blocked flag and `sessionsValidAfter` the auth middleware reads at every request, kept in
 * memory so an authenticated call costs no database read of its own. Writes to `users` drop
 * the entry before they answer (the write watcher publishes `user:<uid>` on the change bus, and
 * with a replica set every instance's change stream does too), so a block or a logout still
 * counts at the next request. The TTL is the safety net for writes no bus announces: several
 * instances on a standalone server (no change streams) converge within it.
 */
export function cachedSessionStates<T extends SessionReader>(
  users: T,
  changes: PageChanges,
  { ttlMs = SESSION_STATE_TTL_MS, max = 100_000 } = {},
): T {
  const cache = new LRUCache<string, { state: SessionState | null }>({ max, ttl: ttlMs });
  // Bumped by every invalidation: a read that began before one is answered, never stored.
  let generation = 0;
  changes.subscribe((tags) => {
    for (const tag of tags) {
      if (tag === ALL_USERS) cache.clear();
      else if (tag.startsWith(USER_TAG_PREFIX)) cache.delete(tag.slice(USER_TAG_PREFIX.length));
      else continue;
      generation++;
    }
  });
  async function sessionState(uid: string): Promise<SessionState | null> {
    const hit = cache.get(uid);
    if (hit) return hit.state;
    const before = generation;
    const state = await users.sessionState(uid);
    if (before === generation) cache.set(uid, { state });
    return state;
  }
  return { ...users, sessionState };
}
