import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
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

/** The Hono app as a Node request listener, each request's body read before the app runs. */
export const apiListener = (fetchHandler: (req: Request) => Response | Promise<Response>) =>
  readBodyFirst(getRequestListener(fetchHandler));

/**
 * One origin for everything: /api, /admin and /seller go to the Hono app, every other path to
 * the storefront, which fetches its data from the API over loopback. The storefront's static
 * files (dist/client) are served by the Hono app too, when Astro hands them back.
 */
export async function createHttpServer(
  fetchHandler: (req: Request) => Response | Promise<Response>,
  log: Logger,
): Promise<http.Server> {
  const api = apiListener(fetchHandler);
  const storefront = await loadStorefront(log);
  return http.createServer((req, res) => {
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
}
