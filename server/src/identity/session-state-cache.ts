import { cachedById, type HeardCache } from '../page-cache/cached-by-id.ts';
import { ALL_USERS, USER_TAG_PREFIX } from '../page-cache/page-tags.ts';
import type { SessionState } from '../modules/users/users.repository.ts';

/** How long a user's session state is trusted without a write announcing a change. */
export const SESSION_STATE_TTL_MS = 10_000;

type SessionReader = { sessionState(uid: string): Promise<SessionState | null> };

/**
 * The blocked flag and `sessionsValidAfter` the auth middleware reads at every request, kept in
 * memory so an authenticated call costs no database read of its own. Writes to `users` drop
 * the entry before they answer (the write watcher publishes `user:<uid>` on the change bus), and
 * every other instance's change stream publishes it too within milliseconds (a replica set, the
 * embedded engine; page-invalidation.ts), so a block or a logout through any instance counts at
 * the next request to any other; a gap the stream cannot resume drops every entry. The TTL is
 * only the safety net for writes no bus announces: a standalone server has no change streams
 * (refused in production). The session module declares `heard` among its change listeners.
 */
export function cachedSessionStates<T extends SessionReader>(
  users: T,
  { ttlMs = SESSION_STATE_TTL_MS, max = 100_000 } = {},
): HeardCache<T> {
  const { read, heard } = cachedById((uid) => users.sessionState(uid), {
    prefix: USER_TAG_PREFIX,
    all: ALL_USERS,
    ttlMs,
    max,
  });
  return { read: { ...users, sessionState: read }, heard };
}
