import type { Migration } from '../db/migrations.ts';
import type { JobContext } from '../jobs/job-runner.ts';

/** A background job as a module declares it; `startJob` runs it under its lease. */
export type JobSpec = {
  /** Also its lease's name (`job:<name>`) and its row in `jobs` (the System page). */
  name: string;
  everyMs: number;
  run: (ctx: JobContext) => Promise<unknown>;
  /** The job lease's TTL, when a run may outlast the default (a minute). */
  leaseMs?: number;
};

/**
 * What a module brings to the shop besides its routes, declared in one place by the module
 * (`modules/<name>/<name>.module.ts`) from what it is given: its background jobs and its data
 * migrations. An instance whose ROLE runs jobs starts every declared job (runtime/job-list.ts);
 * every instance runs the migrations not yet complete before it serves (container.ts lists them).
 */
export type ModuleDeclaration = {
  name: string;
  jobs: JobSpec[];
  /** Changes to existing data, oldest first; ids are never reused (db/migrations.ts). */
  migrations?: Migration[];
};
