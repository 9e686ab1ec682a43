import { Agent, errors, request, type Dispatcher } from 'undici';

/**
 * The server's outgoing HTTP calls (payment providers, suppliers, Awin, reCAPTCHA, sellers'
 * webhooks): undici's `request` on one keep-alive pool. Not the global `fetch`: on Node 22 its
 * WHATWG streams and per-call abort signal cost several times the CPU of a call (measured on the
 * PayPal sandbox: 280–550 µs of the calling thread per call against 70 µs), and the checkout
 * paid that once per order on the thread that serves requests.
 */
const pool = new Agent({ keepAliveTimeout: 4_000 });

export type HttpInit = {
  method: string;
  headers?: Record<string, string>;
  /** Bytes for a binary body (a dispute's evidence file in multipart/form-data). */
  body?: string | Uint8Array;
  /** How long the answer's headers, then each pause in its body, may take. */
  timeoutMs: number;
  /**
   * Another connection pool than the shared one: sellers' webhooks connect through one pinned
   * to the address they checked (`modules/seller-api/webhook-delivery.ts`).
   */
  dispatcher?: Dispatcher;
};

/** An answer whose body is still to be read: once, as text or bytes, or discarded. */
export type HttpAnswer = {
  status: number;
  headers: Headers;
  text(): Promise<string>;
  bytes(): Promise<Uint8Array>;
  discard(): Promise<void>;
};

/** No answer in time; named like `fetch`'s timeout so callers tell it from a refused connection. */
export class HttpTimeoutError extends Error {
  override name = 'TimeoutError';
}

const timedOut = (err: unknown) =>
  err instanceof errors.HeadersTimeoutError ||
  err instanceof errors.BodyTimeoutError ||
  err instanceof errors.ConnectTimeoutError;

/** The answer's headers as a `Headers` (repeated ones joined, as `fetch` has them). */
function headersOf(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

/**
 * One call; never follows a redirect (a 3xx is the answer). Throws `HttpTimeoutError` when the
 * other side is too slow, and the client's own error when it cannot be reached.
 */
export async function httpRequest(url: string, init: HttpInit): Promise<HttpAnswer> {
  let res;
  try {
    res = await request(url, {
      method: init.method as 'GET',
      headers: init.headers,
      body: init.body,
      dispatcher: init.dispatcher ?? pool,
      headersTimeout: init.timeoutMs,
      bodyTimeout: init.timeoutMs,
    });
  } catch (err) {
    if (timedOut(err)) throw new HttpTimeoutError(`no answer from ${new URL(url).host} in time`);
    throw err;
  }
  const { body } = res;
  const read = async <T>(how: () => Promise<T>) => {
    try {
      return await how();
    } catch (err) {
      if (timedOut(err)) throw new HttpTimeoutError(`${new URL(url).host} stopped answering`);
      throw err;
    }
  };
  return {
    status: res.statusCode,
    headers: headersOf(res.headers),
    text: () => read(() => body.text()),
    bytes: () => read(async () => new Uint8Array(await body.arrayBuffer())),
    discard: () => read(() => body.dump()),
  };
}
