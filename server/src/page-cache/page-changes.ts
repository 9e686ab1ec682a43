/**
 * The invalidation bus: whoever learns of a write that changes pages publishes its tags (the
 * write watcher in this process, the change-stream watcher for every instance's writes), and each
 * page cache drops the pages carrying them.
 */
export function createPageChanges() {
  const listeners = new Set<(tags: readonly string[]) => void>();
  return {
    publish(tags: readonly string[]) {
      if (tags.length === 0) return;
      for (const listener of listeners) listener(tags);
    },
    /** Calls `listener` with each write's tags; answers the unsubscribe. */
    subscribe(listener: (tags: readonly string[]) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type PageChanges = ReturnType<typeof createPageChanges>;
