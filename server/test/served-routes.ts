import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAppDeps } from '../src/app-deps.ts';
import { createApp } from '../src/app.ts';
import { createContainer } from '../src/container.ts';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/logger.ts';
import type { TestServer } from './harness.ts';

/**
 * Every API route the app registers, as `METHOD /api/path` in Hono's syntax
 * (`POST /api/admin/sellers/:id/:decision`): read from an app built like the test server's, so a
 * route added to `app.ts` shows up here without anyone listing it.
 */
export function servedApiRoutes(t: TestServer): Set<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-routes-'));
  try {
    const app = createApp(
      createContainer(
        buildAppDeps({
          config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
          db: t.db,
          identity: t.identity,
          log: createLogger('silent'),
          databaseMode: 'embedded',
        }),
      ),
    );
    return new Set(
      app.routes
        // `ALL` entries are middleware (`.use`), not routes.
        .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/'))
        .map((r) => `${r.method} ${r.path}`),
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Who may call a route, as it declares it (`x-access` in the document). */
export type Access = 'public' | 'user' | 'seller' | 'admin';

/**
 * Every route the app declares, as `METHOD /api/path` in Hono's syntax, with who may call it:
 * read from the OpenAPI document the app builds from the routes it mounted.
 */
export async function declaredApiRoutes(t: TestServer): Promise<Map<string, Access>> {
  const doc = (await (await fetch(`${t.url}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { 'x-access': Access }>>;
  };
  return new Map(
    Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.entries(item).map(
        ([method, op]) => [`${method.toUpperCase()} ${honoPath(p)}`, op['x-access']] as const,
      ),
    ),
  );
}

/** `/api/seller/offers/{id}` → `/api/seller/offers/:id`. */
export const honoPath = (openApiPath: string) => openApiPath.replace(/\{(\w+)\}/g, ':$1');
