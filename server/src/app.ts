import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import type { AppEnv } from './app-env.ts';
import type { Container } from './container.ts';
import { REPO_ROOT } from './config.ts';
import { consoleRoutes } from './consoles.ts';
import { AppError, handleError, handleNotFound } from './lib/errors.ts';
import { resolveRemoteIp } from './lib/remote-ip.ts';
import { MAX_BODY_BYTES, MAX_UPLOAD_BODY_BYTES, maxBodyBytes } from './lib/request-body.ts';
import { mountRoutes } from './lib/route.ts';
import { gatherRoutes } from './runtime/modules.ts';
import { authenticate, requireApprovedSeller, requireRole } from './middleware/auth.ts';
import { compress } from './middleware/compress.ts';
import { createRateLimits } from './middleware/rate-limit.ts';
import { signInRequirements } from './middleware/sign-in-requirements.ts';
import { requestLog } from './middleware/request-log.ts';
import { auditTrail } from './modules/audit/audit-trail.ts';
import { openApiRoutes } from './openapi/openapi.routes.ts';
import { metricsRoutes } from './observability/metrics-endpoint.ts';
import { requestMetrics } from './observability/request-metrics.ts';
import { tokenAuth } from './modules/seller-api/token-auth.ts';

const tooLarge = (): never => {
  throw new AppError('VALIDATION_FAILED', { message: 'The request body is too large' });
};

/**
 * The Hono app: API under /api, the built consoles under /admin and /seller. It only mounts
 * routers; every service comes built from the container (`container.ts`).
 */
export function createApp(c: Container) {
  const { deps } = c;

  const bodyLimits = {
    [MAX_BODY_BYTES]: bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge }),
    [MAX_UPLOAD_BODY_BYTES]: bodyLimit({ maxSize: MAX_UPLOAD_BODY_BYTES, onError: tooLarge }),
  };
  // One cache of users' session states (blocked, sessionsValidAfter) for both kinds of credential
  // (built and declared with the modules: container.ts, the session module).
  const sessions = c.sessions;
  const api = new Hono<AppEnv>()
    // Picture uploads may be bigger than any other body (lib/request-body.ts).
    .use((ctx, next) => bodyLimits[maxBodyBytes(ctx.req.path)]!(ctx, next))
    .use(resolveRemoteIp(deps.trustProxy, deps.clientCountryHeader))
    .use(tokenAuth(c.sellerApi.tokens, sessions, deps.rateLimits.apiToken))
    .use(authenticate(deps.auth, sessions, deps.trustProxy !== false));
  // The abuse limits: the routes' declared ones, and those a handler counts itself.
  const limit = createRateLimits(deps.db, deps.rateLimits, deps.log);
  // Each route declares who may call it, its checks, its abuse limit and its documentation.
  // Every module's routes (`routes` in each `<module>.module.ts`, the modules listed in
  // container.ts): a router is added there, never here.
  const mounted = mountRoutes(api, gatherRoutes(c.modules, { limit }), {
    guards: {
      public: [],
      user: [requireRole('user', 'seller', 'admin')],
      seller: [requireApprovedSeller(c.sellers)],
      admin: [requireRole('admin')],
    },
    // What routes declaring `verifiedEmail` or `recentSignIn` ask of the sign-in.
    requirements: signInRequirements(deps.recentSignInSeconds),
    limit,
    // Every admin write lands in the audit log (modules/audit/audit-trail.ts).
    audit: auditTrail(c.auditLog),
  });
  api.route('/', openApiRoutes(mounted));

  const app = new Hono<AppEnv>()
    // First, so the latency counts everything after it (compression included).
    .use(requestMetrics())
    .use(requestId())
    .use(requestLog(deps.log))
    .use(compress())
    .route('/api', api)
    .route('/admin', consoleRoutes('admin', path.join(REPO_ROOT, 'admin/dist')))
    .route('/seller', consoleRoutes('seller', path.join(REPO_ROOT, 'seller/dist')))
    // Prometheus' scrape, to this machine and to whom METRICS_ALLOW / METRICS_TOKEN admit.
    .route('/', metricsRoutes({ trustProxy: deps.trustProxy, access: deps.metrics, db: deps.db }))
    .use(
      '/*',
      serveStatic({
        root: path.join(REPO_ROOT, 'storefront/dist/client'),
        // The .br/.gz written beside each file at build (scripts/precompress.ts).
        precompressed: true,
        onFound: (file, ctx) =>
          ctx.header(
            'Cache-Control',
            file.includes('/_astro/')
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=3600',
          ),
      }),
    );
  app.onError(handleError);
  app.notFound(handleNotFound);
  return app;
}
export type App = ReturnType<typeof createApp>;
