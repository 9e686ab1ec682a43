import type { HeardCache } from '../../page-cache/cached-by-id.ts';

/**
 * A read without arguments (a small reference list: the platforms) kept in memory until a write
 * publishes `tag` on the change bus (this instance's writes and, through the change stream, the
 * others'; heard through `heard`, which the module declares among its change listeners). A failed
 * read is not kept; a read that began before a change is answered, not kept.
 */
export function cachedUntil<T>(read: () => Promise<T>, tag: string): HeardCache<() => Promise<T>> {
  let kept: Promise<T> | null = null;
  let generation = 0;
  const heard = (tags: readonly string[]) => {
    if (tags.includes(tag)) {
      kept = null;
      generation++;
    }
  };
  const cached = () => {
    if (kept) return kept;
    const at = generation;
    const reading = read();
    if (at === generation) kept = reading;
    reading.catch(() => {
      if (kept === reading) kept = null;
    });
    return reading;
  };
  return { read: cached, heard };
}
