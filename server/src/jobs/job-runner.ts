import { MongoServerError, type Db } from 'mongodb';
import type { Logger } from '../logger.ts';
import { jobDuration, jobLagSeconds, jobRuns } from '../observability/metrics.ts';
import { instanceId } from '../observability/instance.ts';
import { createLeases, type Leases } from './lease.ts';

export type Job = { stop(): Promise<void> };

/** What a run is given: `signal` aborts when the job's lease is lost mid-run. */
export type JobContext = { signal: AbortSignal };

/** One document per job name in `jobs` (the System page reads it). */
export type JobDoc = {
  _id: string;
  everyMs: number;
  lastStartedAt: Date;
  lastFinishedAt: Date | null;
  lastOutcome: 'ok' | 'failed' | 'skipped' | null;
  lastError: string | null;
  lastOwner: string;
  lastDurationMs: number | null;
};

/**
 * A job's lease: two periods, within 5 s and a minute. A dead holder delays the job by about
 * that (the lease must expire before another instance runs it); a live one renews it at a third,
 * so a run may last longer than its lease.
 */
const defaultLeaseMs = (everyMs: number) => Math.min(60_000, Math.max(5_000, 2 * everyMs));
/**
 * A period is claimed when the last start is at least this much of `everyMs` ago: instances'
 * timers drift against each other, and a run must not be skipped for a few milliseconds.
 */
const PERIOD_SLACK = 0.9;

const leasesByDb = new WeakMap<Db, Leases>();
const leasesOf = (db: Db, log: Logger) => {
  let leases = leasesByDb.get(db);
  if (!leases) leasesByDb.set(db, (leases = createLeases(db, { log })));
  return leases;
};

/**
 * Runs `run` every `everyMs`, never two runs at once in this process (a slow run makes the next
 * tick skip). The timer is unref'd, so it never keeps the process alive; `stop` waits for a run
 * in progress. A failed run is logged and retried at the next tick.
 *
 * Given the database (`db`), the job runs once per period across every instance that starts it:
 * a tick first takes the job's lease (`job:<name>`, renewed while the run lasts, so a run longer
 * than the period is not started twice), then claims the period in `jobs` (last start at least
 * ~`everyMs` ago on the database's clock), then runs and records its outcome there. A tick that
 * finds either taken is `skipped`. Without `db` (unit tests, tools) it runs in this process only.
 */
export function startJob(args: {
  name: string;
  everyMs: number;
  run: (ctx: JobContext) => Promise<unknown>;
  log: Logger;
  /** The shop's database: the job runs once per period across instances. */
  db?: Db;
  /** The job lease's TTL (renewed at a third of it while the run lasts). */
  leaseMs?: number;
  /** The owner written on the lease and the `jobs` row (tests run two "instances" in one process). */
  owner?: string;
}): Job {
  const { name, everyMs, log } = args;
  let running: Promise<void> | null = null;
  const jobs = args.db?.collection<JobDoc>('jobs');
  const leases =
    args.db &&
    (args.owner ? createLeases(args.db, { owner: args.owner, log }) : leasesOf(args.db, log));
  const owner = args.owner ?? instanceId;

  const runLocally = async (signal: AbortSignal) => {
    const started = Date.now();
    const end = jobDuration.startTimer({ job: name });
    try {
      await args.run({ signal });
      jobRuns.inc({ job: name, outcome: 'ok' });
      return { outcome: 'ok' as const, error: null, ms: Date.now() - started };
    } catch (err) {
      log.error({ err, job: name }, 'job failed');
      jobRuns.inc({ job: name, outcome: 'failed' });
      const error = err instanceof Error ? err.message : String(err);
      return { outcome: 'failed' as const, error, ms: Date.now() - started };
    } finally {
      end();
    }
  };

  /** Claims this period in `jobs`: false when another instance started the job within it. */
  const claimPeriod = async (): Promise<boolean> => {
    try {
      await jobs!.updateOne(
        {
          _id: name,
          $expr: {
            $lte: ['$lastStartedAt', { $subtract: ['$$NOW', Math.floor(everyMs * PERIOD_SLACK)] }],
          },
        },
        [
          {
            $set: {
              everyMs,
              lastStartedAt: '$$NOW',
              lastOwner: owner,
              lastFinishedAt: { $ifNull: ['$lastFinishedAt', null] },
            },
          },
        ],
        { upsert: true },
      );
      return true;
    } catch (err) {
      // The upsert met the row of a period already claimed.
      if (err instanceof MongoServerError && err.code === 11000) return false;
      throw err;
    }
  };

  const skipped = async () => {
    jobRuns.inc({ job: name, outcome: 'skipped' });
    const row = await jobs!.findOne({ _id: name }, { projection: { lastFinishedAt: 1 } });
    if (row?.lastFinishedAt) {
      jobLagSeconds.set({ job: name }, (Date.now() - row.lastFinishedAt.getTime()) / 1000);
    }
  };

  const runShared = async () => {
    const lease = await leases!.acquire(`job:${name}`, {
      ttlMs: args.leaseMs ?? defaultLeaseMs(everyMs),
    });
    if (!lease) return skipped();
    try {
      if (!(await claimPeriod())) return await skipped();
      const result = await runLocally(lease.signal);
      await jobs!.updateOne({ _id: name }, [
        {
          $set: {
            lastFinishedAt: '$$NOW',
            lastOutcome: result.outcome,
            lastError: result.error,
            lastDurationMs: result.ms,
            lastOwner: owner,
          },
        },
      ]);
      jobLagSeconds.set({ job: name }, 0);
    } finally {
      await lease.release();
    }
  };

  const tick = () => {
    if (running) return;
    running = (jobs ? runShared() : runLocally(new AbortController().signal).then(() => undefined))
      .catch((err: unknown) => log.error({ err, job: name }, 'job not run'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
