import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from './app-env.ts';

/**
 * Serves a built react-admin console (a Vite SPA) under `/<name>/`: hashed assets are cached
 * for a year, every other path gets index.html so client-side routes survive a reload.
 */
export function consoleRoutes(name: 'admin' | 'seller', distDir: string) {
  const index = path.join(distDir, 'index.html');
  return new Hono<AppEnv>()
    .get('/', (c) => c.redirect(`/${name}/`, 301))
    .use(
      '/assets/*',
      serveStatic({
        root: distDir,
        rewriteRequestPath: (p) => p.replace(`/${name}`, ''),
        // The .br/.gz written beside each file at build (scripts/precompress.ts).
        precompressed: true,
        onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
      }),
    )
    .get('/*', (c) => {
      if (!fs.existsSync(index)) return c.text(`The ${name} console is not built.`, 503);
      c.header('Cache-Control', 'no-cache');
      return c.html(fs.readFileSync(index, 'utf8'));
    });
}
