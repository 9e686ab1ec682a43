import type { PageChanges } from '../../page-cache/page-changes.ts';

/**
 * A read without arguments (a small reference list: the platforms) kept in memory until a write
 * publishes `tag` on the change bus (this instance's writes and, through the change stream, the
 * others'). A failed read is not kept; a read that began before a change is answered, not kept.
 */
export function cachedUntil<T>(
  read: () => Promise<T>,
  changes: PageChanges,
  tag: string,
): () => Promise<T> {
  let kept: Promise<T> | null = null;
  let generation = 0;
  changes.subscribe((tags) => {
    if (tags.includes(tag)) {
      kept = null;
      generation++;
    }
  });
  return () => {
    if (kept) return kept;
    const at = generation;
    const reading = read();
    if (at === generation) kept = reading;
    reading.catch(() => {
      if (kept === reading) kept = null;
    });
    return reading;
  };
}
