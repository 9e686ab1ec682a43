/** Small helpers the benchmarks share. Not a benchmark itself. */

/** Runs `task` on every item, `limit` at a time; the results in the items' order. */
export async function pool<T, R>(
  items: T[],
  limit: number,
  task: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The `p`th percentile (nearest rank) of ascending `sorted`; 0 when empty. */
export const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : 0;
