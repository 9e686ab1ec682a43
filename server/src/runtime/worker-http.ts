import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Health } from '@market/shared';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import type { AppEnv } from '../app-env.ts';
import { handleError, handleNotFound } from '../lib/errors.ts';
import {
  answerLifecycle,
  withLoadBalancerTimeouts,
  type ServerLifecycle,
} from './http-lifecycle.ts';

/**
 * A worker's HTTP server: the jobs run behind it, and it answers only `GET /api/health`,
 * `GET /api/ready` and what `mount` adds (`GET /metrics`); every other path is a 404 in the API's
 * error shape, so a worker put behind the load balancer by mistake serves no route.
 */
export function createWorkerServer(args: {
  health: Health;
  lifecycle: ServerLifecycle;
  /** Adds the instance's own endpoints (the metrics engineer's `GET /metrics`). */
  mount?: (app: Hono<AppEnv>) => void;
}): http.Server {
  const app = new Hono<AppEnv>().use(requestId());
  app.get('/api/health', (c) => c.json(args.health));
  args.mount?.(app);
  app.onError(handleError);
  app.notFound(handleNotFound);
  const listener = getRequestListener(app.fetch);
  return withLoadBalancerTimeouts(
    http.createServer((req, res) => {
      if (answerLifecycle(req, res, args.lifecycle)) return;
      void listener(req, res);
    }),
  );
}
