import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import type { ApiError } from '@market/shared';
import compression from 'compression';
import { REPO_ROOT } from './config.ts';
import { canonicalRedirect } from './lib/canonical-origin.ts';
import { fromTrustedProxy, type TrustProxy } from './lib/remote-ip.ts';
import {
  answerLifecycle,
  withLoadBalancerTimeouts,
  type ServerLifecycle,
} from './runtime/http-lifecycle.ts';
import { COMPRESS_THRESHOLD, isCompressibleType } from './lib/compression-policy.ts';
import { readBodyFirst } from './lib/request-body.ts';
import { scriptHashesOf, withScriptHashes } from './lib/security-headers.ts';
import type { Logger } from './logger.ts';
import { createPageCache, type PageCacheSettings } from './page-cache/page-cache.ts';
import { timePage } from './observability/request-metrics.ts';
import type { NodeHandler } from './page-cache/page-render.ts';

const STOREFRONT_ENTRY = path.join(REPO_ROOT, 'storefront/dist/server/entry.mjs');
/** Paths for the Hono app: the API, the consoles, and Prometheus' scrape (`GET /metrics`). */
const API_PATHS = /^\/(api|admin|seller)(\/|$)|^\/metrics($|\?)/;
/** The storefront's offline stand-in for Google's sign-in popup (emulator-google.astro). */
const EMULATOR_PAGES = /^\/+auth\/+emulator-google(\/|$)/i;

/** Whether `url` reaches an emulator-only page, however its path is spelled or encoded. */
function isEmulatorPage(url: string): boolean {
  let pathname = url.split('?')[0]!;
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // A malformed escape reaches no page; Astro answers it.
  }
  return EMULATOR_PAGES.test(pathname);
}

/** The built Astro storefront's Node middleware, or null when it has not been built. */
async function loadStorefront(log: Logger): Promise<NodeHandler | null> {
  if (!fs.existsSync(STOREFRONT_ENTRY)) {
    log.warn(
      { entry: STOREFRONT_ENTRY },
      'storefront not built; only the API and consoles are served',
    );
    return null;
  }
  const mod = (await import(pathToFileURL(STOREFRONT_ENTRY).href)) as { handler: NodeHandler };
  return mod.handler;
}

type FetchHandler = (req: Request) => Response | Promise<Response>;

/**
 * How long a request, headers and body, may take to arrive (issue 22, item 10). Past it Node
 * answers 408 (`answerClientError`) and closes the connection. Node's default, 300 s, lets a
 * client trickling a body hold a connection and its buffer for five minutes; the largest body
 * we take, an 8 MB picture upload, arrives within 30 s at 2.2 Mbit/s.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/** How often Node looks for late requests: its default, 30 s, would let one run twice ours. */
const timeoutChecks = (requestTimeoutMs: number): http.ServerOptions => ({
  connectionsCheckingInterval: Math.min(1_000, requestTimeoutMs),
});

/**
 * Applied last, after the load balancers' timeouts: Node enforces neither the headers' nor the
 * request's timeout while the first is longer than the second (its check refuses the pair
 * without a word), so the headers' is capped by the request's. Both run only while a request is
 * arriving, from its first byte: a keep-alive connection idle between requests is not cut.
 */
function withRequestTimeout(server: http.Server, requestTimeoutMs: number): http.Server {
  server.requestTimeout = requestTimeoutMs;
  server.headersTimeout = Math.min(server.headersTimeout, requestTimeoutMs);
  return server;
}

/** The Hono app as a Node request listener, each request's body read before the app runs. */
const apiListener = (fetchHandler: FetchHandler) => readBodyFirst(getRequestListener(fetchHandler));

/**
 * What Node refuses before the app sees a request (a URL or headers over its 16 KiB limit, a
 * request it cannot parse), answered in the API's error shape instead of Node's empty 400/431.
 * The connection is closed after it: the parser cannot go on past such a request.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex) {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The URL or the headers are too long']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive']
        : [400, 'The request is malformed'];
  const body: ApiError = { code: 'VALIDATION_FAILED', message, requestId: randomUUID() };
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}

/** The API alone on a Node HTTP server, as the tests and benchmarks run it. */
export const createApiServer = (fetchHandler: FetchHandler): http.Server =>
  withRequestTimeout(
    withLoadBalancerTimeouts(
      http
        .createServer(timeoutChecks(REQUEST_TIMEOUT_MS), apiListener(fetchHandler))
        .on('clientError', answerClientError),
    ),
    REQUEST_TIMEOUT_MS,
  );

/**
 * Brotli or gzip for the storefront's pages, which Astro writes straight to the Node response
 * (the Hono app compresses its own answers: middleware/compress.ts). Same rules: 1 kB or more,
 * text types but no event stream, brotli preferred (quality 4), `Vary: Accept-Encoding`, and
 * an answer that already has a Content-Encoding (a cached precompressed page, a Hono answer
 * handed back through `next`) passes untouched.
 */
const compressPage = compression({
  threshold: COMPRESS_THRESHOLD,
  filter: (_req, res) => isCompressibleType(String(res.getHeader('Content-Type') ?? '')),
}) as unknown as (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;

/**
 * Astro (`security.csp`) sends each page with a policy listing the hashes of the inline scripts
 * that page renders: its own and ours (`allowInlineScript`), never text from the request. Those
 * hashes join our policy, which replaces Astro's.
 */
function withPageScriptHashes(res: http.ServerResponse, policy: string) {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => http.ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    const headers = args.find(
      (a): a is Record<string, unknown> => typeof a === 'object' && a !== null && !Array.isArray(a),
    );
    const name = Object.keys(headers ?? {}).find(
      (k) => k.toLowerCase() === 'content-security-policy',
    );
    if (headers && name) {
      const hashes = scriptHashesOf(String(headers[name]));
      delete headers[name];
      res.setHeader('Content-Security-Policy', withScriptHashes(policy, hashes));
    }
    return writeHead(...args);
  }) as typeof res.writeHead;
}

/**
 * One origin for everything: /api, /admin and /seller go to the Hono app, every other path to
 * the storefront, which fetches its data from the API over loopback. The storefront's static
 * files (dist/client) are served by the Hono app too, when Astro hands them back.
 * The stand-in Google page is served only when sign-in is the emulator; with real Firebase (so
 * always in production) its path goes to the Hono app, which answers 404. Public pages are
 * answered from the page cache when it is on (page-cache/page-cache.ts).
 */
export async function createHttpServer(
  fetchHandler: FetchHandler,
  log: Logger,
  site: {
    publicOrigin: string;
    /** The proxies whose X-Forwarded-Host counts (TRUST_PROXY). */
    trustProxy: TrustProxy;
    /** Readiness and drain (runtime/lifecycle.ts): `/api/ready`, and closing while draining. */
    lifecycle?: ServerLifecycle;
    /** Security headers for every response (see lib/security-headers.ts). */
    headers: Record<string, string>;
    /** Serve the built storefront (default); the API-only test server leaves it out. */
    storefront?: boolean;
    /** Who signs in: the stand-in Google page exists only for the emulator. */
    identity: 'emulator' | 'firebase';
    /** The public pages' cache (docs/page-cache.md); none: every page is rendered per request. */
    pageCache?: PageCacheSettings;
    /** `REQUEST_TIMEOUT_MS` unless a test wants it shorter. */
    requestTimeoutMs?: number;
  },
): Promise<http.Server> {
  const api = apiListener(fetchHandler);
  const storefront = site.storefront === false ? null : await loadStorefront(log);
  // What the storefront reads: the origin its links and structured data name.
  process.env.PUBLIC_ORIGIN = site.publicOrigin;
  const policy = site.headers['Content-Security-Policy']!;
  /** A storefront page rendered for this request alone. */
  const render = (req: http.IncomingMessage, res: http.ServerResponse) => {
    compressPage(req, res, () => {
      // After the compressor's hook on writeHead, so this one sees Astro's headers first.
      withPageScriptHashes(res, policy);
      // Astro calls `next` only for files of its dist/client, which the Hono app serves.
      Promise.resolve(storefront!(req, res, () => void api(req, res))).catch((err: unknown) => {
        log.error({ err, url: req.url }, 'storefront crashed');
        if (!res.headersSent) {
          res.statusCode = 500;
          res.end('Something went wrong');
        }
      });
    });
  };
  const pages =
    storefront && site.pageCache?.enabled
      ? createPageCache({
          settings: site.pageCache,
          storefront,
          policy,
          host: new URL(site.publicOrigin).host,
          passThrough: render,
          log,
        })
      : null;
  const requestTimeoutMs = site.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const server = http.createServer(timeoutChecks(requestTimeoutMs), (req, res) => {
    if (site.lifecycle && answerLifecycle(req, res, site.lifecycle)) return;
    // Set first, so every answer has them: the API's, the consoles', the storefront's (whose
    // pages replace the policy with one naming their inline scripts) and static files.
    for (const [name, value] of Object.entries(site.headers)) res.setHeader(name, value);
    // Behind a trusted proxy the host the visitor asked for is the first X-Forwarded-Host.
    const forwarded = fromTrustedProxy(req, site.trustProxy)
      ? req.headers['x-forwarded-host']
      : undefined;
    const forwardedHost = [forwarded].flat()[0]?.split(',')[0]?.trim();
    const location = canonicalRedirect(
      { method: req.method ?? 'GET', url: req.url ?? '/', host: forwardedHost || req.headers.host },
      site.publicOrigin,
    );
    if (location) {
      res.writeHead(308, { Location: location, 'Cache-Control': 'no-store' }).end();
      return;
    }
    const url = req.url ?? '/';
    if (
      API_PATHS.test(url) ||
      !storefront ||
      (site.identity !== 'emulator' && isEmulatorPage(url))
    ) {
      void api(req, res);
      return;
    }
    timePage(req, res);
    if (pages?.handle(req, res)) return;
    render(req, res);
  });
  if (pages) server.on('close', pages.close);
  return withRequestTimeout(
    withLoadBalancerTimeouts(server.on('clientError', answerClientError)),
    requestTimeoutMs,
  );
}
