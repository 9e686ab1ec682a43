import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { MongoClient, type Db } from 'mongodb';
import { inject } from 'vitest';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { startEmbeddedMongo } from '../src/db/embedded/index.ts';
import { ensureIndexes } from '../src/db/indexes.ts';
import { createIdentity, type Identity } from '../src/identity/firebase.ts';
import { createLogger } from '../src/logger.ts';
import { createCategoryRepository } from '../src/modules/categories/categories.repository.ts';

export type TestServer = {
  url: string;
  db: Db;
  identity: Identity;
  /** An ID token for a fresh verified account with the given role claim. */
  tokenFor(role: 'user' | 'seller' | 'admin', extraClaims?: object): Promise<string>;
  close(): Promise<void>;
};

/**
 * The real stack for API tests: the embedded engine (or MONGODB_URI, in a database of its own)
 * through the official driver, the shared Auth emulator, and the app on a real HTTP port.
 */
export async function startTestServer(): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-test-'));
  const external = process.env.MONGODB_URI;
  const engine = external ? null : await startEmbeddedMongo({ port: 0, dataDir });
  const client = await new MongoClient(external ?? engine!.uri).connect();
  const db = client.db(`test_${path.basename(dataDir).replace(/\W/g, '')}`);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
  const emulatorHost = inject('authEmulatorHost');
  const identity = createIdentity(config, emulatorHost);
  const log = createLogger('silent');
  await ensureIndexes(db);
  await createCategoryRepository(db).ensureDefaults();
  const app = createApp({
    db,
    auth: identity.auth,
    log,
    health: { status: 'ok', database: external ? 'external' : 'embedded', identity: 'emulator' },
    clientConfig: identity.clientConfig,
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;

  let n = 0;
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    identity,
    async tokenFor(role, extraClaims = {}) {
      const email = `${role}-${process.pid}-${Date.now()}-${n++}@test.example`;
      const user = await identity.auth.createUser({
        email,
        password: 'secret123',
        emailVerified: true,
      });
      await identity.auth.setCustomUserClaims(user.uid, { role, ...extraClaims });
      const res = await fetch(
        `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=test`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'secret123', returnSecureToken: true }),
        },
      );
      const body = (await res.json()) as { idToken: string };
      return body.idToken;
    },
    async close() {
      await new Promise((resolve) => server.close(resolve));
      if (external) await db.dropDatabase();
      await client.close();
      await engine?.close();
      await identity.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
