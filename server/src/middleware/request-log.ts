import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import type { Logger } from '../logger.ts';

/** A child logger carrying the request id, and one access-log line per request. */
export const requestLog = (log: Logger) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    const child = log.child({ requestId: c.get('requestId') });
    c.set('log', child);
    await next();
    child.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });
