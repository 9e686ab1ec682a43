import type http from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { httpRequestDuration } from './metrics.ts';

/** The label of a request no route answered (a 404 of the API, an unknown file). */
export const UNMATCHED_ROUTE = '(unmatched)';
/** The label of a storefront page (from the page cache or rendered by Astro). */
export const PAGE_ROUTE = '(page)';

/** The label of what the catch-all middleware served: the storefront's and consoles' files. */
export const STATIC_ROUTE = '(static)';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

/**
 * The route pattern that answered (`/api/admin/orders/:id`), never the path: the label set stays
 * as small as the route table whatever URLs are asked for. Middleware is registered with the
 * method `ALL`; the last match with a real method is the endpoint.
 */
function routeLabel(c: Context): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) {
    const route = routes[i]!;
    if (route.method !== 'ALL') return route.path;
  }
  return c.res.status === 404 ? UNMATCHED_ROUTE : STATIC_ROUTE;
}

type Series = ReturnType<typeof httpRequestDuration.labels>;
/**
 * One histogram child per label set, found by one string key: prom-client's `observe(labels, v)`
 * hashes the label object on every call. Bounded by the route table × methods × status classes.
 */
const series = new Map<string, Series>();

function seriesOf(route: string, method: string, status: string): Series {
  const key = `${method} ${status} ${route}`;
  let child = series.get(key);
  if (!child) series.set(key, (child = httpRequestDuration.labels(route, method, status)));
  return child;
}

/**
 * `http_request_duration_seconds` by route pattern, method and status class, for everything the
 * Hono app answers (the storefront's pages are answered before it, by the page cache or Astro).
 * One clock read on each side and one histogram observation: a few microseconds a request.
 */
export function requestMetrics(): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const method = METHODS.has(c.req.method) ? c.req.method : 'OTHER';
      const status = STATUS_CLASSES[Math.floor(c.res.status / 100)] ?? 'other';
      seriesOf(routeLabel(c), method, status).observe((performance.now() - started) / 1000);
    }
  };
}

/**
 * The storefront's pages, answered before the Hono app (by the page cache or Astro), timed from
 * here to the last byte handed to the socket, under one label: their paths are the catalogue's.
 */
export function timePage(req: http.IncomingMessage, res: http.ServerResponse): void {
  const started = performance.now();
  res.once('finish', () => {
    const method = METHODS.has(req.method ?? '') ? req.method! : 'OTHER';
    const status = STATUS_CLASSES[Math.floor(res.statusCode / 100)] ?? 'other';
    seriesOf(PAGE_ROUTE, method, status).observe((performance.now() - started) / 1000);
  });
}
