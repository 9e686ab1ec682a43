import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Hono, type Env } from 'hono';
import type { Db } from 'mongodb';
import type { ApiError } from '@market/shared';
import { clientAddress } from '../lib/remote-ip.ts';
import { countBacklogs } from './backlogs.ts';
import { metricsAllowed, type MetricsAccess } from './metrics-access.ts';
import { metricsRegistry } from './metrics.ts';

export type MetricsEndpointOptions = {
  /** TRUST_PROXY: whose X-Forwarded-For names the client the access check looks at. */
  trustProxy: Parameters<typeof clientAddress>[1];
  access: MetricsAccess;
  /** The shop's database: the scrape counts the queues' backlogs in it (`work_backlog`). */
  db?: Db;
};

const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * `GET /metrics` (not under /api: where Prometheus looks by default) in Prometheus' text format,
 * from the one registry. Answered to loopback callers without credentials, to others only when
 * METRICS_ALLOW lists their address or they bring METRICS_TOKEN (`metrics-access.ts`); refused
 * with 403 otherwise. Mounted by the web app (`app.ts`) and by the worker role's small server.
 */
export function metricsRoutes(options: MetricsEndpointOptions) {
  return new Hono().get('/metrics', async (c) => {
    const peer = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket
      .remoteAddress;
    const address = clientAddress(c, options.trustProxy);
    // A proxy's header that TRUST_PROXY did not follow: the address is still the socket's peer.
    const forwarded =
      PROXY_HEADERS.some((name) => c.req.header(name) !== undefined) && address === peer;
    const allowed = metricsAllowed(
      {
        address,
        forwarded,
        authorization: c.req.header('authorization'),
      },
      options.access,
    );
    if (!allowed) {
      const body: ApiError = {
        code: 'FORBIDDEN',
        message: 'Metrics are served to this machine and to the addresses METRICS_ALLOW lists',
        requestId: randomUUID(),
      };
      return c.json(body, 403);
    }
    // The queues of this app's database (set at each scrape: tests run several apps in a process).
    if (options.db) countBacklogs(options.db);
    const text = await metricsRegistry.metrics();
    return c.body(text, 200, {
      'Content-Type': metricsRegistry.contentType,
      'Cache-Control': 'no-store',
    });
  });
}

/** `metricsRoutes` on an app of one's own (the worker role's). */
export function mountMetrics<E extends Env>(app: Hono<E>, options: MetricsEndpointOptions) {
  return app.route('/', metricsRoutes(options));
}
