import { describe, expect, it } from 'vitest';
import { createPageChanges } from '../page-cache/page-changes.ts';
import { tagsOfWrite } from '../page-cache/page-tags.ts';
import type { SessionState } from '../modules/users/users.repository.ts';
import { cachedSessionStates } from './session-state-cache.ts';

/** A users store whose reads can be held open, counting them. */
function usersStore() {
  const states = new Map<string, SessionState>();
  let hold: Promise<void> | null = null;
  const store = {
    reads: 0,
    states,
    holdReads(until: Promise<void>) {
      hold = until;
    },
    async sessionState(uid: string) {
      store.reads++;
      const state = states.get(uid) ?? null;
      if (hold) await hold;
      return state;
    },
  };
  return store;
}

const blockWrite = (uid: string) => tagsOfWrite('users', [uid]);

/** The cache with its listener on the bus, as the session module's declaration has it. */
function cachedOn(
  changes: ReturnType<typeof createPageChanges>,
  users: ReturnType<typeof usersStore>,
  options?: { ttlMs?: number },
) {
  const { read, heard } = cachedSessionStates(users, options);
  changes.subscribe(heard);
  return read;
}

describe('cached session states', () => {
  it('reads a user once, then answers from memory until a write to that user', async () => {
    const changes = createPageChanges();
    const users = usersStore();
    users.states.set('u1', { blocked: false });
    const cached = cachedOn(changes, users);
    await cached.sessionState('u1');
    await cached.sessionState('u1');
    expect(users.reads).toBe(1);

    users.states.set('u1', { blocked: true });
    changes.publish(blockWrite('u1'));
    expect(await cached.sessionState('u1')).toEqual({ blocked: true });
  });

  it('never keeps a read that a write overtook', async () => {
    const changes = createPageChanges();
    const users = usersStore();
    users.states.set('u1', { blocked: false });
    const cached = cachedOn(changes, users);
    let release!: () => void;
    users.holdReads(new Promise((resolve) => (release = resolve)));
    const stale = cached.sessionState('u1');
    // The block lands while the read is on its way back with the old state.
    users.states.set('u1', { blocked: true });
    changes.publish(blockWrite('u1'));
    release();
    expect(await stale).toEqual({ blocked: false });
    users.holdReads(Promise.resolve());
    expect(await cached.sessionState('u1')).toEqual({ blocked: true });
  });

  it('drops everyone when a write’s users cannot be told, and forgets after the TTL', async () => {
    const changes = createPageChanges();
    const users = usersStore();
    const cached = cachedOn(changes, users, { ttlMs: 20 });
    await cached.sessionState('a');
    changes.publish(tagsOfWrite('users', null));
    await cached.sessionState('a');
    expect(users.reads).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await cached.sessionState('a');
    expect(users.reads).toBe(3);
  });
});
