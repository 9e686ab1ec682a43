import type http from 'node:http';
import type { Job } from '../jobs/job-runner.ts';
import type { Logger } from '../logger.ts';
import { drainHttpServer } from './http-lifecycle.ts';
import type { Lifecycle } from './lifecycle.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Beyond grace and drain, the seconds closing the rest may take before the process just exits. */
const CLOSE_MARGIN_MS = 10_000;

export type Shutdown = {
  /** A resource to close at the end, after the drain (closed in reverse order of adding). */
  onStop(close: () => Promise<void>): void;
  /** Work in progress a stop waits for (its `stop` ends the timer and awaits a run in flight). */
  addJob(job: Job): void;
  /** The HTTP server to drain, and the lifecycle whose readiness turns 503 first. */
  serve(server: http.Server): void;
  stop(signal: NodeJS.Signals | 'start failed'): Promise<void>;
};

/**
 * An instance's stop, in the order a load balancer needs (the Kubernetes termination contract):
 * on SIGTERM `/api/ready` answers 503 at once and job timers stop; the instance keeps serving
 * for `graceMs` (the balancer's health checks take it out of rotation meanwhile, and responses
 * say `Connection: close`); then it stops accepting, lets requests in flight and runs in
 * progress finish within `drainMs`, closes what is left, and exits. SIGINT (Ctrl-C at a
 * terminal, no balancer) skips the grace. Past grace + drain + 10 s the process exits anyway.
 */
export function createShutdown(args: {
  log: Logger;
  lifecycle: Lifecycle;
  graceMs: number;
  drainMs: number;
}): Shutdown {
  const { log, lifecycle } = args;
  const resources: Array<() => Promise<void>> = [];
  const jobs: Job[] = [];
  let server: http.Server | null = null;
  let stopping = false;
  return {
    onStop: (close) => void resources.push(close),
    addJob: (job) => void jobs.push(job),
    serve: (s) => void (server = s),
    async stop(signal) {
      if (stopping) return;
      stopping = true;
      const graceMs = signal === 'SIGTERM' ? args.graceMs : 0;
      log.info({ signal, graceMs, drainMs: args.drainMs }, 'shutting down');
      setTimeout(
        () => {
          log.error('shutdown took too long: exiting');
          process.exit(1);
        },
        graceMs + args.drainMs + CLOSE_MARGIN_MS,
      ).unref();
      lifecycle.startDraining();
      // No new run starts from now; runs in progress are awaited below, within the drain.
      const jobsDone = Promise.all(
        jobs.map((job) =>
          job.stop().catch((err: unknown) => log.error({ err }, 'error while stopping a job')),
        ),
      );
      if (graceMs > 0) await sleep(graceMs);
      const drainEnds = Date.now() + args.drainMs;
      if (server && !(await drainHttpServer(server, args.drainMs))) {
        log.warn('requests still in flight at the drain deadline: their connections were closed');
      }
      const left = Math.max(0, drainEnds - Date.now());
      const finished = await Promise.race([
        jobsDone.then(() => true),
        sleep(left).then(() => false),
      ]);
      if (!finished) log.warn('jobs still running at the drain deadline');
      for (const close of resources.reverse()) {
        await close().catch((err: unknown) => log.error({ err }, 'error while stopping'));
      }
      lifecycle.close();
      process.exit(signal === 'start failed' ? 1 : 0);
    },
  };
}
