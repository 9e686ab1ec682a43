import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import type { ApiError } from '@market/shared';
import { REPO_ROOT } from './config.ts';
import { readBodyFirst } from './lib/request-body.ts';
import type { Logger } from './logger.ts';

type NodeHandler = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  next: () => void,
) => void | Promise<void>;

const STOREFRONT_ENTRY = path.join(REPO_ROOT, 'storefront/dist/server/entry.mjs');
const API_PATHS = /^\/(api|admin|seller)(\/|$)/;

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
  http.createServer(apiListener(fetchHandler)).on('clientError', answerClientError);

/**
 * One origin for everything: /api, /admin and /seller go to the Hono app, every other path to
 * the storefront, which fetches its data from the API over loopback. The storefront's static
 * files (dist/client) are served by the Hono app too, when Astro hands them back.
 */
export async function createHttpServer(
  fetchHandler: FetchHandler,
  log: Logger,
): Promise<http.Server> {
  const api = apiListener(fetchHandler);
  const storefront = await loadStorefront(log);
  const server = http.createServer((req, res) => {
    if (API_PATHS.test(req.url ?? '/') || !storefront) {
      void api(req, res);
      return;
    }
    // Astro calls `next` only for files of its dist/client, which the Hono app serves.
    Promise.resolve(storefront(req, res, () => void api(req, res))).catch((err: unknown) => {
      log.error({ err, url: req.url }, 'storefront crashed');
      if (!res.headersSent) {
        res.statusCode = 500;
        res.end('Something went wrong');
      }
    });
  });
  return server.on('clientError', answerClientError);
}
