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
    // Mails whose SMTP send is still to be tried (failed ones are given up: a person looks).
    queue: 'outbox',
    jobs: ['outbox'],
    count: (db) => db.collection('outbox').countDocuments({ delivery: 'pending' }),
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
