import {
  BrokenCircuitError,
  CircuitState,
  ConsecutiveBreaker,
  DelegateBackoff,
  circuitBreaker,
  handleType,
  handleWhen,
  retry,
  wrap,
} from 'cockatiel';
import { httpRequest, type HttpAnswer } from '../../lib/http-client.ts';
import type { Logger } from '../../logger.ts';
import { trackBreaker } from '../../observability/metrics.ts';
import {
  SupplierError,
  type BreakerState,
  type SupplierHttpTuning,
  type SupplierId,
} from './supplier.ts';

/*
 * The HTTP side every supplier adapter shares: a timeout per attempt, retries with exponential
 * backoff that honour the supplier's `Retry-After`, and a circuit breaker per connection (one
 * `createSupplierHttp` per seller connection), all from cockatiel. Adapters only build requests
 * and read answers; they never retry themselves.
 *
 * Transient failures (no connection, a timeout, 5xx, 429) are retried and count toward the
 * breaker. Every other answer — 2xx and the 4xx that mean something (a refused price, stock
 * gone, bad credentials) — is returned for the adapter to interpret and counts as the supplier
 * being up. After the retries, or while the breaker is open, the call throws
 * `SupplierError('UNAVAILABLE')`.
 *
 * Retrying a purchase is safe only because every purchase carries our `clientRef`, which the
 * supplier deduplicates on (see supplier.ts).
 */

export type SupplierAnswer = { status: number; body: unknown; headers: Headers };

export type SupplierRequest = {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as `application/x-www-form-urlencoded` (OAuth token requests). */
  form?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  /** The answer's body as raw bytes (a `Uint8Array`: a scanned card's image), not parsed. */
  binary?: boolean;
};

export type { BreakerState };

export type SupplierHttp = {
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    request?: SupplierRequest,
  ): Promise<SupplierAnswer>;
  breakerState(): BreakerState;
};

export type SupplierHttpOptions = Partial<SupplierHttpTuning> & {
  supplier: SupplierId;
  /** `https://api.codeswholesale.com` (no trailing slash); paths are appended to it. */
  baseUrl: string;
  log?: Logger;
};

export const SUPPLIER_HTTP_DEFAULTS = {
  timeoutMs: 10_000,
  maxAttempts: 3,
  initialDelayMs: 200,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 10_000,
  breakerThreshold: 5,
  halfOpenAfterMs: 30_000,
} satisfies SupplierHttpTuning;

/** A failure worth retrying: the supplier may answer next time. */
class TransientFailure extends Error {
  readonly status: number | null;
  /** The supplier's `Retry-After`, in milliseconds, when it gave one. */
  readonly retryAfterMs: number | null;

  constructor(message: string, status: number | null, retryAfterMs: number | null = null) {
    super(message);
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }
}

/** `Retry-After` as seconds or an HTTP date, in milliseconds from now. */
function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

async function parseBody(res: HttpAnswer): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** `path` appended to the base URL, or as given when absolute (a download link in an answer). */
function urlOf(baseUrl: string, path: string, query: SupplierRequest['query']): string {
  const url = new URL(/^https?:\/\//.test(path) ? path : baseUrl + path);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined) url.searchParams.set(k, String(v));
  }
  return url.toString();
}

const BREAKER_STATES: Record<CircuitState, BreakerState> = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.HalfOpen]: 'half-open',
  [CircuitState.Open]: 'open',
  [CircuitState.Isolated]: 'open',
};

export function createSupplierHttp(options: SupplierHttpOptions): SupplierHttp {
  const o = { ...SUPPLIER_HTTP_DEFAULTS, ...options };
  const unavailable = (message: string, supplierCode: string | null) =>
    new SupplierError(o.supplier, 'UNAVAILABLE', message, supplierCode);

  const breaker = circuitBreaker(handleType(TransientFailure), {
    halfOpenAfter: o.halfOpenAfterMs,
    breaker: new ConsecutiveBreaker(o.breakerThreshold),
  });
  breaker.onBreak(() => o.log?.warn({ supplier: o.supplier }, 'supplier breaker opened'));
  breaker.onReset(() => o.log?.info({ supplier: o.supplier }, 'supplier breaker closed'));
  // Half-open still refuses all but its one trial call: counted with the open ones.
  trackBreaker(o.supplier, breaker, (b) => b.state !== CircuitState.Closed);

  // A Retry-After the supplier gave wins over our own backoff (one too long is not retried).
  const backoff = new DelegateBackoff<{ attempt: number; result: unknown }>((context) => {
    const result = context.result as { error?: unknown };
    const given = result.error instanceof TransientFailure ? result.error.retryAfterMs : null;
    return given ?? Math.min(o.maxDelayMs, o.initialDelayMs * 2 ** (context.attempt - 1));
  });
  const worthWaiting = (err: unknown) =>
    err instanceof TransientFailure && (err.retryAfterMs ?? 0) <= o.maxRetryAfterMs;
  const retries = retry(handleWhen(worthWaiting), {
    maxAttempts: o.maxAttempts - 1,
    backoff,
  });
  const policy = wrap(retries, breaker);

  async function attempt(method: string, url: string, request: SupplierRequest) {
    const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
    let body: string | undefined;
    if (request.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(request.form).toString();
    } else if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    let res: HttpAnswer;
    try {
      res = await httpRequest(url, { method, headers, body, timeoutMs: o.timeoutMs });
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      throw new TransientFailure(timedOut ? 'timed out' : 'could not connect', null);
    }
    if (res.status === 429 || res.status >= 500) {
      await res.discard();
      throw new TransientFailure(
        `answered ${res.status}`,
        res.status,
        retryAfterMs(res.headers.get('retry-after')),
      );
    }
    const answer = request.binary ? await res.bytes() : await parseBody(res);
    return { status: res.status, body: answer, headers: res.headers };
  }

  return {
    async call(method, path, request = {}) {
      const url = urlOf(o.baseUrl, path, request.query);
      try {
        return await policy.execute(() => attempt(method, url, request));
      } catch (err) {
        if (err instanceof BrokenCircuitError) {
          throw unavailable(`${o.supplier} is paused after repeated failures`, 'circuit-open');
        }
        if (err instanceof TransientFailure) {
          o.log?.warn({ supplier: o.supplier, path, status: err.status }, 'supplier call failed');
          throw unavailable(
            `${o.supplier} ${err.message}`,
            err.status === null ? null : String(err.status),
          );
        }
        throw err;
      }
    },
    breakerState: () => BREAKER_STATES[breaker.state],
  };
}
