import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { readJsonObject } from '../kit.ts';

/*
 * The switches every supplier sandbox has, so tests (and a developer at `npm start`) can make a
 * supplier misbehave the ways real ones do. Transport faults (latency, 5xx, 429, timeouts) apply
 * to the supplier's API routes through `faultMiddleware`; purchase faults (stock running out,
 * a price rise, image codes, pre-orders) are read by each sandbox's purchase route.
 *
 * Set them with `POST /sandbox/faults` (a partial `SupplierFaults`, merged) and clear them with
 * `DELETE /sandbox/faults`. Counted faults (`failNext…`) apply to that many API calls, then stop.
 */
export type SupplierFaults = {
  /** Added to every API answer, in milliseconds. */
  latencyMs: number;
  /** The next N API calls answer 503. */
  failNext5xx: number;
  /** The next N API calls answer 429 with `Retry-After: retryAfterSeconds`. */
  failNext429: number;
  retryAfterSeconds: number;
  /** The next N API calls never answer (the client's timeout fires). */
  hangNext: number;
  /**
   * The next purchase is made, then its answer never arrives: the supplier charged, but the
   * client's timeout fires (an answer lost on the way back). Each sandbox's purchase route calls
   * `loseAnswer` when the stockroom says so.
   */
  loseNextPurchaseAnswer: boolean;
  /** The next purchase finds the stock gone (the supplier's out-of-stock error). */
  outOfStockAtPurchase: boolean;
  /** The next purchase's unit price rises by this many percent (0: none). */
  priceRisePercentAtPurchase: number;
  /** Codes are delivered as images (a scanned card) instead of text. */
  imageCodes: boolean;
  /** Purchases become pre-orders: codes arrive later, when `POST /sandbox/preorders/release` runs. */
  preOrders: boolean;
  /**
   * The supplier does not deduplicate by the buyer's reference: every purchase call buys again
   * (a supplier whose idempotency is absent or broken). The marketplace's own claim on a unit is
   * then all that stands between two callers and a double purchase (`GET /sandbox/purchases`
   * lists every one made).
   */
  noDedup: boolean;
};

export const NO_FAULTS: SupplierFaults = {
  latencyMs: 0,
  failNext5xx: 0,
  failNext429: 0,
  retryAfterSeconds: 1,
  hangNext: 0,
  loseNextPurchaseAnswer: false,
  outOfStockAtPurchase: false,
  priceRisePercentAtPurchase: 0,
  imageCodes: false,
  preOrders: false,
  noDedup: false,
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How long a hung call waits before the sandbox gives up on it (longer than any client timeout). */
const HANG_MS = 120_000;

/** Waits `HANG_MS` or until the client goes away, without keeping the process alive. */
const hang = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, HANG_MS);
    timer.unref();
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Answers nothing until the client gives up (the answer of an acted-on call is lost). */
export async function loseAnswer(c: Context): Promise<Response> {
  await hang(c.req.raw.signal);
  return c.body(null, 504);
}

/**
 * Applies the transport faults to the routes it is mounted in front of. `faults` is the sandbox's
 * persisted state object (counted faults are decremented in place; `save` persists them).
 */
export function faultMiddleware(faults: () => SupplierFaults, save: () => void): MiddlewareHandler {
  return async (c, next) => {
    const f = faults();
    if (f.latencyMs > 0) await sleep(f.latencyMs);
    if (f.hangNext > 0) {
      f.hangNext--;
      save();
      await hang(c.req.raw.signal);
      return c.body(null, 504);
    }
    if (f.failNext429 > 0) {
      f.failNext429--;
      save();
      c.header('Retry-After', String(f.retryAfterSeconds));
      return c.json({ message: 'Too many requests' }, 429);
    }
    if (f.failNext5xx > 0) {
      f.failNext5xx--;
      save();
      return c.json({ message: 'Service unavailable' }, 503);
    }
    await next();
  };
}

/** `POST /sandbox/faults` (merge) and `DELETE /sandbox/faults` (clear): the test-control routes. */
export function faultRoutes(faults: () => SupplierFaults, save: () => void) {
  return new Hono()
    .get('/sandbox/faults', (c) => c.json(faults()))
    .post('/sandbox/faults', async (c) => {
      const body = await readJsonObject(c);
      if (!body) return c.json({ message: 'a JSON object of SupplierFaults fields' }, 400);
      const f = faults();
      for (const [key, value] of Object.entries(body)) {
        if (!(key in NO_FAULTS)) return c.json({ message: `unknown fault ${key}` }, 400);
        if (typeof value !== typeof NO_FAULTS[key as keyof SupplierFaults]) {
          return c.json({ message: `${key}: wrong type` }, 400);
        }
        Object.assign(f, { [key]: value });
      }
      save();
      return c.json(f);
    })
    .delete('/sandbox/faults', (c) => {
      Object.assign(faults(), NO_FAULTS);
      save();
      return c.json(faults());
    });
}
