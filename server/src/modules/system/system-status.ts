import type { Db } from 'mongodb';
import type { AdminInstance, AdminJob } from '@market/shared';
import type { ListQuery } from '../../lib/list-query.ts';
import { pageInMemory } from '../../lib/list-page.ts';
import { backlogOfJob } from '../../observability/backlogs.ts';
import { LIVE_WITHIN_MS, type InstanceDoc } from '../../observability/instances.ts';

/** A job's row in `jobs`, as the job runner writes it (jobs/job-runner.ts). */
type JobRow = {
  _id: string;
  everyMs: number;
  lastStartedAt?: Date | null;
  lastFinishedAt?: Date | null;
  lastOutcome?: AdminJob['lastOutcome'];
  lastError?: string | null;
  lastOwner?: string | null;
  lastDurationMs?: number | null;
};

/** A lease in `leases` (jobs/lease.ts): a job's is `job:<name>`. */
type LeaseRow = { _id: string; owner: string; expiresAt: Date };

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Filters by `id` (getMany), sorts and pages a short list in memory (a few instances, a few dozen jobs). */
function page<T extends { id: string }>(rows: T[], q: ListQuery): { rows: T[]; total: number } {
  const sort = q.sort ?? { field: 'id', order: 1 as const };
  return pageInMemory(rows, { ...q, sort }, q.filter.id as string | string[] | undefined);
}

/**
 * What the admin's System page reads: the live instances (heartbeat within `LIVE_WITHIN_MS` of
 * the database's clock) and each job's last run, lease and backlog. Both lists are small by
 * nature (instances are machines, jobs are code), so they are read whole and paged here.
 */
export function createSystemStatus(db: Db) {
  const instances = db.collection<InstanceDoc>('instances');
  const jobs = db.collection<JobRow>('jobs');
  const leases = db.collection<LeaseRow>('leases');

  /** The database's clock now: the heartbeats were written on it. */
  async function databaseNow(): Promise<Date> {
    const hello = await db.admin().command({ hello: 1 });
    return hello.localTime instanceof Date ? hello.localTime : new Date();
  }

  return {
    async instances(q: ListQuery): Promise<{ rows: AdminInstance[]; total: number }> {
      const since = new Date((await databaseNow()).getTime() - LIVE_WITHIN_MS);
      // Served by the TTL index on lastSeenAt.
      const docs = await instances.find({ lastSeenAt: { $gte: since } }).toArray();
      const rows = docs.map((d): AdminInstance => ({
        id: d._id,
        role: d.role,
        pid: d.pid,
        version: d.version,
        startedAt: d.startedAt.toISOString(),
        lastSeenAt: d.lastSeenAt.toISOString(),
      }));
      return page(rows, q);
    },

    async jobs(q: ListQuery): Promise<{ rows: AdminJob[]; total: number }> {
      const docs = await jobs.find({}).toArray();
      const held = await leases.find({ _id: { $in: docs.map((d) => `job:${d._id}`) } }).toArray();
      const leaseOf = new Map(held.map((l) => [l._id.slice('job:'.length), l]));
      const rows = await Promise.all(
        docs.map(async (d): Promise<AdminJob> => {
          const lease = leaseOf.get(d._id);
          return {
            id: d._id,
            everyMs: d.everyMs,
            lastStartedAt: iso(d.lastStartedAt),
            lastFinishedAt: iso(d.lastFinishedAt),
            lastOutcome: d.lastOutcome ?? null,
            lastError: d.lastError ?? null,
            lastOwner: d.lastOwner ?? null,
            lastDurationMs: d.lastDurationMs ?? null,
            leaseOwner: lease?.owner ?? null,
            leaseExpiresAt: iso(lease?.expiresAt),
            backlog: await backlogOfJob(db, d._id),
          };
        }),
      );
      return page(rows, q);
    },
  };
}
export type SystemStatus = ReturnType<typeof createSystemStatus>;
