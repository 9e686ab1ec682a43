import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics, one registry for the whole server (`GET /metrics` renders
 * it). Metrics are declared here, in one place, so their names and labels stay one contract;
 * modules import the ones they feed. Labels stay low-cardinality: a route's pattern, never its
 * path; a job's name, never a unit's id.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route pattern, method and status class.',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const jobRuns = new Counter({
  name: 'job_runs_total',
  help: 'Runs of a background job, by job and outcome (ok, failed, skipped: lease held elsewhere).',
  labelNames: ['job', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const jobDuration = new Histogram({
  name: 'job_run_duration_seconds',
  help: 'Duration of a background job run.',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers: [metricsRegistry],
});

export const jobLagSeconds = new Gauge({
  name: 'job_lag_seconds',
  help: 'Seconds since a job last completed a run on any instance, as seen by this one.',
  labelNames: ['job'] as const,
  registers: [metricsRegistry],
});

export const leaseTakeovers = new Counter({
  name: 'lease_takeovers_total',
  help: 'Leases taken over after their holder stopped renewing them, by lease kind.',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

export const changeStreamLagSeconds = new Gauge({
  name: 'change_stream_lag_seconds',
  help: 'Seconds between a write and this instance hearing of it through the change stream.',
  registers: [metricsRegistry],
});

export const changeStreamGaps = new Counter({
  name: 'change_stream_gaps_total',
  help: 'Times the change stream could not resume from its token and dropped caches instead.',
  registers: [metricsRegistry],
});

export const cacheLookups = new Counter({
  name: 'cache_lookups_total',
  help: 'Cache lookups by cache and result (hit, miss).',
  labelNames: ['cache', 'result'] as const,
  registers: [metricsRegistry],
});

export const checkoutOutcomes = new Counter({
  name: 'checkout_outcomes_total',
  help: 'Checkouts by outcome (placed, refused, failed).',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const paymentOutcomes = new Counter({
  name: 'payment_outcomes_total',
  help: 'Payments by provider and outcome: captured, pending (a capture settling later), failed, refunded, disputed (a chargeback).',
  labelNames: ['provider', 'outcome'] as const,
  registers: [metricsRegistry],
});

/**
 * The circuit breakers of the live supplier connections, held weakly: a connection's client is
 * dropped with its breaker, and the gauge forgets it at the next scrape.
 */
const breakers = new Set<{ supplier: string; breaker: WeakRef<object>; isOpen: () => boolean }>();

/** Counts `breaker` in `supplier_breaker_open` while it is open, for as long as it lives. */
export function trackBreaker<B extends object>(
  supplier: string,
  breaker: B,
  isOpen: (breaker: B) => boolean,
): void {
  const ref = new WeakRef(breaker);
  // `isOpen` is given the breaker at each scrape: holding it in a closure would keep it alive.
  breakers.add({ supplier, breaker: ref, isOpen: () => isOpen(ref.deref() as B) });
}

export const supplierBreakerState = new Gauge({
  name: 'supplier_breaker_open',
  help: 'Supplier connections whose circuit breaker is open or half-open now (calls fail fast), by supplier.',
  labelNames: ['supplier'] as const,
  registers: [metricsRegistry],
  collect() {
    // Counted at scrape time, so a breaker that opened and closed between scrapes leaves no trace
    // but one that stays open is always seen; a supplier without a live connection is not listed.
    const open = new Map<string, number>();
    for (const entry of breakers) {
      if (!entry.breaker.deref()) {
        breakers.delete(entry);
        continue;
      }
      open.set(entry.supplier, (open.get(entry.supplier) ?? 0) + (entry.isOpen() ? 1 : 0));
    }
    this.reset();
    for (const [supplier, n] of open) this.set({ supplier }, n);
  },
});

/** How each queue's waiting work is counted, at scrape time (observability/backlogs.ts). */
const backlogCounters = new Map<string, () => Promise<number | null>>();

/** Registers (or replaces) the count of one queue's backlog; null from it: not counted now. */
export function setBacklogCounter(queue: string, count: () => Promise<number | null>): void {
  backlogCounters.set(queue, count);
}

export const backlog = new Gauge({
  name: 'work_backlog',
  help: 'Units of work waiting, by queue (outbox, webhooks, supplier-purchases, payouts), counted in the database at scrape time.',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
  async collect() {
    await Promise.all(
      [...backlogCounters].map(async ([queue, count]) => {
        // A queue that cannot be counted now (the database is away or slow) is left out, not
        // reported stale, and never holds the scrape past Prometheus' own timeout.
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, 2_000, null)));
        const n = await Promise.race([count().catch(() => null), late]);
        clearTimeout(timer);
        if (n === null) this.remove({ queue });
        else this.set({ queue }, n);
      }),
    );
  },
});
