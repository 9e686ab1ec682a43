import { z } from 'zod';

/** What an instance of the server does: `web` answers requests, `worker` runs the jobs, `all` both. */
export const INSTANCE_ROLES = ['web', 'worker', 'all'] as const;
export const InstanceRoleSchema = z.enum(INSTANCE_ROLES);
export type InstanceRole = z.infer<typeof InstanceRoleSchema>;

/**
 * `GET /api/admin/instances`: one live instance of the server (its heartbeat is recent). `id` is
 * the owner written on the leases it holds and the `lastOwner` of the jobs it ran.
 */
export const AdminInstanceSchema = z.object({
  id: z.string(),
  role: InstanceRoleSchema,
  pid: z.number().int(),
  /** The package version, with the git commit when known (`0.1.0+3f2a9c1`). */
  version: z.string(),
  startedAt: z.iso.datetime(),
  /** On the database's clock. */
  lastSeenAt: z.iso.datetime(),
});
export type AdminInstance = z.infer<typeof AdminInstanceSchema>;

export const JOB_OUTCOMES = ['ok', 'failed', 'skipped'] as const;

/**
 * `GET /api/admin/jobs`: a background job across the instances: its last run (who ran it, how
 * it ended), the lease held on it now, and the work waiting in its queue.
 */
export const AdminJobSchema = z.object({
  /** The job's name (`webhook-delivery`). */
  id: z.string(),
  everyMs: z.number().int(),
  lastStartedAt: z.iso.datetime().nullable(),
  lastFinishedAt: z.iso.datetime().nullable(),
  lastOutcome: z.enum(JOB_OUTCOMES).nullable(),
  lastError: z.string().nullable(),
  /** The instance that ran it last. */
  lastOwner: z.string().nullable(),
  lastDurationMs: z.number().nullable(),
  /** The instance holding the job's lease now (a run in progress), and until when. */
  leaseOwner: z.string().nullable(),
  leaseExpiresAt: z.iso.datetime().nullable(),
  /** Units of work waiting for this job (undelivered webhooks, …); null when it has no queue. */
  backlog: z.number().int().nullable(),
});
export type AdminJob = z.infer<typeof AdminJobSchema>;
