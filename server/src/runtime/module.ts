import type { IndexDescription } from 'mongodb';
import type { Migration } from '../db/migrations.ts';
import type { JobContext } from '../jobs/job-runner.ts';
import type { Routes } from '../lib/route.ts';
import type { RateLimit } from '../middleware/rate-limit.ts';

/** A background job as a module declares it; `startJob` runs it under its lease. */
export type JobSpec = {
  /** Also its lease's name (`job:<name>`) and its row in `jobs` (the System page). */
  name: string;
  everyMs: number;
  run: (ctx: JobContext) => Promise<unknown>;
  /** The job lease's TTL, when a run may outlast the default (a minute). */
  leaseMs?: number;
};

/** What the app gives a module's routes besides its services (built once per app). */
export type RouteGiven = {
  /** The abuse limits a handler counts itself (the declared ones the router counts). */
  limit: RateLimit;
};

/**
 * What a module does when the change bus reports a write (this instance's writes, and every
 * other instance's through the change stream): the tags of what changed (page-cache/page-tags.ts).
 */
export type ChangeListener = {
  /** For people: which cache or index this keeps fresh (`<module>: <name>` on the bus). */
  name: string;
  heard: Heard;
};

/** What a cache does with a write's tags (each cache that hears writes hands its own). */
export type Heard = (tags: readonly string[]) => void;

/**
 * What a module brings to the shop, declared in one place by the module
 * (`modules/<name>/<name>.module.ts`) from what it is given, and gathered from the one list of
 * modules in `container.ts`:
 * - `indexes`: its collections' indexes (ensured at start, read by the index audit);
 * - `routes`: its routers, mounted by `app.ts` (guards, checks, OpenAPI and the access matrix
 *   follow from each route's declaration);
 * - `jobs`: started by an instance whose ROLE runs jobs (runtime/job-list.ts);
 * - `migrations`: run, oldest first, before any instance serves (db/migrations.ts);
 * - `changeListeners`: subscribed to the change bus once the module is built.
 */
export type ModuleDeclaration = {
  name: string;
  /** Collection name → its indexes. A collection belongs to one module. */
  indexes?: Record<string, IndexDescription[]>;
  routes?: (given: RouteGiven) => Routes[];
  jobs?: JobSpec[];
  /** Changes to existing data, oldest first; ids are never reused (db/migrations.ts). */
  migrations?: Migration[];
  changeListeners?: ChangeListener[];
};
