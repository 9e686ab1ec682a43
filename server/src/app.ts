import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import type { Db } from 'mongodb';
import type { Auth } from 'firebase-admin/auth';
import type { ClientConfig, Health } from '@market/shared';
import type { AppEnv } from './app-env.ts';
import { REPO_ROOT } from './config.ts';
import { consoleRoutes } from './consoles.ts';
import { AppError, handleError, handleNotFound } from './lib/errors.ts';
import type { Logger } from './logger.ts';
import { authenticate, requireRole } from './middleware/auth.ts';
import { requestLog } from './middleware/request-log.ts';
import { createCategoryRepository } from './modules/categories/categories.repository.ts';
import {
  consoleCategoryRoutes,
  publicCategoryRoutes,
} from './modules/categories/categories.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';

export type AppDeps = {
  db: Db;
  auth: Auth;
  log: Logger;
  health: Health;
  clientConfig: ClientConfig;
};

/** The Hono app: API under /api, the built consoles under /admin and /seller. */
export function createApp(deps: AppDeps) {
  const categories = createCategoryRepository(deps.db);

  const api = new Hono<AppEnv>()
    .use(
      bodyLimit({
        maxSize: 1024 * 1024,
        onError: () => {
          throw new AppError('VALIDATION_FAILED', 'The request body is too large');
        },
      }),
    )
    .use(authenticate(deps.auth))
    .use('/admin/*', requireRole('admin'))
    .use('/seller/*', requireRole('seller'))
    .use('/user/*', requireRole('user', 'seller', 'admin'))
    .route('/', systemRoutes(deps))
    .route('/public/categories', publicCategoryRoutes(categories))
    .route('/admin/categories', consoleCategoryRoutes(categories))
    .route('/seller/categories', consoleCategoryRoutes(categories));

  const app = new Hono<AppEnv>()
    .use(requestId())
    .use(requestLog(deps.log))
    .use(secureHeaders({ crossOriginOpenerPolicy: 'same-origin-allow-popups' }))
    .route('/api', api)
    .route('/admin', consoleRoutes('admin', path.join(REPO_ROOT, 'admin/dist')))
    .route('/seller', consoleRoutes('seller', path.join(REPO_ROOT, 'seller/dist')))
    .use(
      '/*',
      serveStatic({
        root: path.join(REPO_ROOT, 'storefront/dist/client'),
        onFound: (file, c) =>
          c.header(
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
