import fs from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import getAbsoluteFSPath from 'swagger-ui-dist/absolute-path.js';
import type { AppEnv } from '../app-env.ts';
import { AppError } from '../lib/errors.ts';
import type { DeclaredRoute } from '../lib/route.ts';
import { createApiDocument } from './document.ts';

/** The Swagger UI files the page uses (not the source maps, nor the bundled petstore initializer). */
const ASSETS = new Map([
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
  ['favicon-32x32.png', 'image/png'],
]);

// The start-up script is a file of its own rather than inline, so a Content-Security-Policy
// without 'unsafe-inline' keeps the page working.
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  persistAuthorization: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Marketplace API reference</title>
    <link rel="icon" type="image/png" href="/api/docs/assets/favicon-32x32.png" />
    <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/api/docs/assets/init.js"></script>
  </body>
</html>
`;

/**
 * `GET /api/openapi.json`, the document of `routes` (what the app mounted), and the API
 * reference page `GET /api/docs` (Swagger UI, no CDN).
 */
export function openApiRoutes(routes: DeclaredRoute[]) {
  let document: string | undefined;
  const assetDir = getAbsoluteFSPath();
  return new Hono<AppEnv>()
    .get('/openapi.json', (c) => {
      // Built on first use: the schemas do not change while the server runs.
      document ??= JSON.stringify(createApiDocument(routes));
      c.header('Cache-Control', 'no-cache');
      return c.body(document, 200, { 'Content-Type': 'application/json; charset=utf-8' });
    })
    .get('/docs', (c) => c.html(PAGE))
    .get('/docs/assets/init.js', (c) =>
      c.body(INIT_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }),
    )
    .get('/docs/assets/:file', async (c) => {
      const file = c.req.param('file');
      const type = ASSETS.get(file);
      if (!type) throw new AppError('NOT_FOUND');
      const body = await fs.readFile(path.join(assetDir, file));
      c.header('Cache-Control', 'public, max-age=86400');
      return c.body(body, 200, { 'Content-Type': type });
    });
}
