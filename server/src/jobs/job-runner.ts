import type { Logger } from '../logger.ts';

export type Job = { stop(): Promise<void> };

/**
 * Runs `run` every `everyMs` in this process, never two runs at once (a slow run makes the
 * next tick skip). The timer is unref'd, so it never keeps the process alive; `stop` waits for
 * a run in progress. A failed run is logged and retried at the next tick.
 */
export function startJob(args: {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  log: Logger;
}): Job {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = args
      .run()
      .then(
        () => undefined,
        (err: unknown) => args.log.error({ err, job: args.name }, 'job failed'),
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, args.everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
