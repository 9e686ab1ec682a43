/**
 * The invalidation bus: whoever learns of a write that changes pages publishes its tags (the
 * write watcher in this process, the change-stream watcher for every instance's writes), and each
 * page cache drops the pages carrying them.
 */
export function createPageChanges() {
  const listeners = new Map<(tags: readonly string[]) => void, string>();
  return {
    publish(tags: readonly string[]) {
      if (tags.length === 0) return;
      for (const listener of listeners.keys()) listener(tags);
    },
    /**
     * Calls `listener` with each write's tags; answers the unsubscribe. `name` says who listens:
     * the modules' declared listeners are named `<module>: <listener>` (runtime/modules.ts).
     */
    subscribe(listener: (tags: readonly string[]) => void, name = 'unnamed'): () => void {
      listeners.set(listener, name);
      return () => listeners.delete(listener);
    },
    /** Who listens, one name per subscription (module-declarations.test.ts compares them). */
    subscribers: (): string[] => [...listeners.values()],
  };
}
export type PageChanges = ReturnType<typeof createPageChanges>;
