import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildAppDeps } from '../src/app-deps.ts';
import { createApp } from '../src/app.ts';
import { createContainer } from '../src/container.ts';
import { identityMode, loadConfig } from '../src/config.ts';
import { createHttpServer } from '../src/http-server.ts';
import { securityHeaders } from '../src/lib/security-headers.ts';
import { createLogger } from '../src/logger.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { PRODUCTION_ENV as PRODUCTION } from './deployment-env.ts';

/** What main.ts serves (API, consoles and the built storefront) for `env`, on a free port. */
async function serveLikeMain(env: Record<string, string>) {
  const config = loadConfig(env);
  const log = createLogger('silent');
  const deps = buildAppDeps({
    config,
    db: t.db,
    identity: t.identity,
    log,
    databaseMode: 'embedded',
  });
  const server = await createHttpServer(createApp(createContainer(deps)).fetch, log, {
    ...deps,
    identity: identityMode(config),
    headers: securityHeaders({
      production: config.NODE_ENV === 'production',
      clientConfig: deps.clientConfig,
    }),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  // Asked for under the public origin's host name, as a browser on the shop would.
  const host = new URL(deps.publicOrigin).host;
  return (path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
    });
}

let t: TestServer;
let dataDir: string;
const servers: Array<{ close(cb: () => void): unknown }> = [];
beforeAll(async () => {
  t = await startTestServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-pages-'));
});
afterAll(async () => {
  for (const s of servers) await new Promise<void>((resolve) => s.close(() => resolve()));
  fs.rmSync(dataDir, { recursive: true, force: true });
  await t.close();
});

it('serves the stand-in Google sign-in page only while sign-in is the emulator', async () => {
  const offline = await serveLikeMain({ NODE_ENV: 'test', DATA_DIR: dataDir });
  const page = await offline('/auth/emulator-google');
  expect(page.status).toBe(200);
  expect(page.body).toContain('Sign-in with Google');

  const production = await serveLikeMain(PRODUCTION);
  for (const spelling of [
    '/auth/emulator-google',
    '/auth/emulator-google/',
    '/AUTH/Emulator%2Dgoogle?x=1',
  ]) {
    const res = await production(spelling);
    expect(res.status, spelling).toBe(404);
    expect(res.body).not.toContain('Sign-in with Google');
  }
  // The rest of the storefront is still there.
  expect((await production('/robots.txt')).status).toBe(200);
});
