import type { Logger } from '../logger.ts';

/** Where an instance is in its life, as the load balancer must see it. */
export type LifecycleState = 'starting' | 'ready' | 'draining';

/** Why `/api/ready` refuses traffic, when it does. */
export type NotReadyReason = 'starting' | 'draining' | 'database';

export type Lifecycle = {
  readonly state: LifecycleState;
  /** Whether the instance takes traffic now: started, not draining, and its database answers. */
  readiness(): { ready: true } | { ready: false; reason: NotReadyReason };
  /** The start is complete: from now on `/api/ready` follows the database. */
  markReady(): void;
  /** SIGTERM: `/api/ready` answers 503 and responses close their connections from now on. */
  startDraining(): void;
  /** Stops the database pings. */
  close(): void;
};

/**
 * An instance's readiness, as a load balancer's probe reads it (`GET /api/ready`). The database
 * is pinged in the background every `everyMs` and the probe reads the last answer, so any number
 * of probes costs one ping per interval; a ping that has not answered within `timeoutMs` counts
 * as a database that does not answer (the driver would otherwise wait out its 30 s server
 * selection before saying so). While a ping hangs no second one is sent.
 */
export function createLifecycle(args: {
  ping: () => Promise<unknown>;
  everyMs?: number;
  timeoutMs?: number;
  log: Logger;
}): Lifecycle {
  const everyMs = args.everyMs ?? 1000;
  // Lenient: a database slow under load is still a database. Taking every instance out of
  // rotation because all of them are busy would turn a slow minute into an outage.
  const timeoutMs = args.timeoutMs ?? 5000;
  let state: LifecycleState = 'starting';
  let databaseAnswers = false;
  let pingStartedAt: number | null = null;
  const setDatabase = (answers: boolean) => {
    if (answers !== databaseAnswers) {
      if (answers) args.log.info('the database answers');
      else args.log.warn('database does not answer: not ready');
    }
    databaseAnswers = answers;
  };
  const ping = () => {
    if (pingStartedAt !== null) {
      if (Date.now() - pingStartedAt > timeoutMs) setDatabase(false);
      return;
    }
    const started = Date.now();
    pingStartedAt = started;
    args
      .ping()
      .then(
        // A ping that answers after its time is still slow: it counts only within the timeout.
        () => setDatabase(Date.now() - started <= timeoutMs),
        () => setDatabase(false),
      )
      .finally(() => {
        pingStartedAt = null;
      });
  };
  ping();
  const timer = setInterval(ping, everyMs);
  timer.unref();
  return {
    get state() {
      return state;
    },
    readiness() {
      if (state !== 'ready') return { ready: false, reason: state };
      return databaseAnswers ? { ready: true } : { ready: false, reason: 'database' };
    },
    markReady() {
      if (state === 'starting') state = 'ready';
    },
    startDraining() {
      state = 'draining';
    },
    close() {
      clearInterval(timer);
    },
  };
}
