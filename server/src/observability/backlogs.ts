import type { Db } from 'mongodb';
import { setBacklogCounter } from './metrics.ts';

/**
 * The queues whose waiting work the shop reports (`work_backlog`, the System page's jobs), each
 * with the jobs that drain it and one count that an index serves (the collection's own index
 * on its status; nothing is read but index keys). Counted at scrape time, on demand: nothing
 * runs between scrapes, and every instance counts the same shared figure.
 */
type Backlog = {
  queue: string;
  /** The jobs (`startJob` names) that work this queue off. */
  jobs: readonly string[];
  count(db: Db): Promise<number | null>;
};

/** The outbox is counted only once an index leads with `delivery` (a scan per scrape, never). */
const OUTBOX_INDEX_CHECK_MS = 60_000;
const outboxIndexed = new WeakMap<Db, { at: number; indexed: boolean }>();

async function outboxCountable(db: Db): Promise<boolean> {
  const known = outboxIndexed.get(db);
  if (known && Date.now() - known.at < OUTBOX_INDEX_CHECK_MS) return known.indexed;
  const indexes = await db
    .collection('outbox')
    .listIndexes()
    .toArray()
    .catch(() => []);
  const indexed = indexes.some((ix) => Object.keys(ix.key as object)[0] === 'delivery');
  outboxIndexed.set(db, { at: Date.now(), indexed });
  return indexed;
}

export const BACKLOGS: readonly Backlog[] = [
  {
    queue: 'webhooks',
    jobs: ['webhook-delivery'],
    count: (db) => db.collection('webhookDeliveries').countDocuments({ status: 'pending' }),
  },
  {
    queue: 'supplier-purchases',
    jobs: ['supplier-fulfilment'],
    count: (db) =>
      db
        .collection('supplierPurchases')
        .countDocuments({ status: { $in: ['requested', 'pending'] } }),
  },
  {
    queue: 'payouts',
    jobs: ['seller-payouts'],
    count: (db) =>
      db.collection('payouts').countDocuments({ status: { $in: ['pending', 'processing'] } }),
  },
  {
    queue: 'outbox',
    jobs: ['outbox-delivery', 'mail-delivery'],
    count: async (db) =>
      (await outboxCountable(db))
        ? db.collection('outbox').countDocuments({ delivery: { $in: ['pending', 'failed'] } })
        : null,
  },
];

/** Makes the `work_backlog` gauge count the queues in `db` at each scrape. */
export function countBacklogs(db: Db): void {
  for (const b of BACKLOGS) setBacklogCounter(b.queue, () => b.count(db));
}

/** The backlog of the queue `job` drains, counted now; null for a job without a queue. */
export async function backlogOfJob(db: Db, job: string): Promise<number | null> {
  const queue = BACKLOGS.find((b) => b.jobs.includes(job));
  return queue ? queue.count(db).catch(() => null) : null;
}
