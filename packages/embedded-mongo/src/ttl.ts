import { resolve } from 'mingo/util';
import type { Store } from './store.ts';
import type { Doc } from './types.ts';

/** When a document expires under a TTL index on `field`, or null if it never does. */
function expiresAt(doc: Doc, field: string, seconds: number): number | null {
  const v = resolve(doc, field);
  // MongoDB expires on a date, or on the earliest date of an array; other values never expire.
  const dates = (Array.isArray(v) ? v.flat() : [v]).filter((x): x is Date => x instanceof Date);
  if (!dates.length) return null;
  return Math.min(...dates.map((d) => d.getTime())) + seconds * 1000;
}

/** Deletes every document past its TTL (journaled like any delete); returns how many. */
export function sweepExpired(store: Store, now = Date.now()): number {
  let removed = 0;
  for (const db of store.databases()) {
    for (const coll of db.collections()) {
      for (const ix of coll.indexes) {
        const secs = ix.spec.expireAfterSeconds;
        if (secs === undefined) continue;
        const field = ix.fields[0] as string;
        for (const doc of coll.all()) {
          const at = expiresAt(doc, field, secs);
          if (at !== null && at <= now && db.remove(coll, doc)) removed++;
        }
      }
    }
  }
  return removed;
}
