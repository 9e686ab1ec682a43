import type { AnyBulkWriteOperation, Collection } from 'mongodb';

/**
 * The shared document of one counter in one window: `key` names both (`<counter>@<window>`),
 * `expire` is the window's end (a TTL index removes it then).
 */
export type CounterDoc = { key: string; points: number; expire: Date };

/** One counter's current window as this instance knows it. */
type Window = {
  /** The shared document's key: the counter and the window's number. */
  docKey: string;
  /** When the window ends (ms). */
  endsAt: number;
  /** Counted by the other instances, as of the last batch. */
  others: number;
  /** Counted here and already added to the shared document. */
  sent: number;
  /** Counted here since the last batch. */
  unsent: number;
};

/** How long counts wait in memory before a batch shares them. */
const FLUSH_MS = 200;
/** How often ended windows are forgotten (a batch comes every `FLUSH_MS` under load). */
const SWEEP_MS = 10_000;
/** Windows kept in memory at most (ended windows go first, then the oldest already shared). */
const MAX_WINDOWS = 100_000;

/**
 * Fixed-window counters counted in memory and shared with every other server instance through
 * MongoDB in batches. A request is counted at once, without a round trip (a checkout under a
 * burst used to wait for two); every `FLUSH_MS` the counts made since are added to the shared
 * documents in one bulk write, and the totals read back in one find tell this instance what the
 * others counted. In one instance a limit is exact; across instances it is late by one batch at
 * most. Windows are aligned on the clock (the n-th window of a `duration` runs from n × duration
 * to (n + 1) × duration), so every instance agrees on them without asking, and a batch is one
 * plain upsert per counter. Should the database not answer, the counts wait for the next batch
 * and the limits go on per instance, so no request fails for a counter.
 */
export function createSharedCounters(
  collection: Collection<CounterDoc>,
  options: { onError?: (err: unknown) => void; now?: () => number } = {},
) {
  const now = options.now ?? Date.now;
  const windows = new Map<string, Window>();
  const dirty = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> | null = null;
  let sweptAt = 0;

  const schedule = () => {
    if (timer || !dirty.size) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, FLUSH_MS);
    timer.unref();
  };

  /** Forgets ended windows with nothing left to share, then the oldest shared ones past the cap. */
  function sweep(at: number) {
    if (at - sweptAt < SWEEP_MS && windows.size <= MAX_WINDOWS) return;
    sweptAt = at;
    for (const [key, w] of windows) {
      if (windows.size <= MAX_WINDOWS && w.endsAt > at) continue;
      if (!w.unsent) windows.delete(key);
    }
  }

  /** Shares the counts made since the last batch and learns what the other instances counted. */
  async function send() {
    const batch = [...dirty].flatMap((key) => {
      const w = windows.get(key);
      if (!w) return []; // swept meanwhile: nothing left to share
      const inc = w.unsent;
      w.sent += inc;
      w.unsent = 0;
      return [{ key, w, inc }];
    });
    dirty.clear();
    if (!batch.length) return;
    const ops: AnyBulkWriteOperation<CounterDoc>[] = batch.map(({ w, inc }) => ({
      updateOne: {
        filter: { key: w.docKey },
        update: { $inc: { points: inc }, $setOnInsert: { expire: new Date(w.endsAt) } },
        upsert: true,
      },
    }));
    try {
      await collection.bulkWrite(ops, { ordered: false });
    } catch (err) {
      // Not shared (or not known to be): counted again in the next batch, which errs on the
      // side of the limit.
      for (const { key, w, inc } of batch) {
        if (windows.get(key) !== w) continue;
        w.sent -= inc;
        w.unsent += inc;
        dirty.add(key);
      }
      throw err;
    }
    const shared = await collection
      .find(
        { key: { $in: batch.map((b) => b.w.docKey) } },
        { projection: { _id: 0, key: 1, points: 1 } },
      )
      .toArray();
    const byKey = new Map(shared.map((doc) => [doc.key, doc.points]));
    for (const { w } of batch) {
      const points = byKey.get(w.docKey);
      if (points !== undefined) w.others = Math.max(0, points - w.sent);
    }
    sweep(now());
  }

  /** Sends a batch now (the next waits for this one); resolves when it is done, failed or not. */
  function flush(): Promise<void> {
    flushing ??= send()
      .catch((err: unknown) => options.onError?.(err))
      .finally(() => {
        flushing = null;
        schedule();
      });
    return flushing;
  }

  return {
    /**
     * Counts one request against `key` (at most `points` per window of `durationMs`). Answers 0
     * when it is allowed, else how many milliseconds until the window ends (not counted then).
     */
    consume(key: string, points: number, durationMs: number): number {
      const at = now();
      let w = windows.get(key);
      if (!w || w.endsAt <= at) {
        const n = Math.floor(at / durationMs);
        w = { docKey: `${key}@${n}`, endsAt: (n + 1) * durationMs, others: 0, sent: 0, unsent: 0 };
        windows.set(key, w);
      }
      if (w.others + w.sent + w.unsent >= points) return Math.max(1, w.endsAt - at);
      w.unsent += 1;
      dirty.add(key);
      schedule();
      return 0;
    },
    flush,
  };
}
export type SharedCounters = ReturnType<typeof createSharedCounters>;
