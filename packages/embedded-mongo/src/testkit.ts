/** Test helpers: a fresh engine in a temp dir plus a real driver client connected to it. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient, type Db } from 'mongodb';
import { afterAll, beforeAll } from 'vitest';
import { startEmbeddedMongo, type EmbeddedMongo, type EmbeddedMongoOptions } from './index.ts';

export interface TestEngine {
  engine: EmbeddedMongo;
  client: MongoClient;
  db: Db;
  dataDir: string;
  close(): Promise<void>;
}

const created: string[] = [];

/** Removes the data directories this test file created (call from afterAll). */
export function removeTempDataDirs(): void {
  for (const dir of created.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

export function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-'));
  created.push(dir);
  return dir;
}

export async function startTestEngine(
  extra: Partial<EmbeddedMongoOptions> = {},
): Promise<TestEngine> {
  const dataDir = extra.dataDir ?? tempDataDir();
  const engine = await startEmbeddedMongo({ port: 0, ...extra, dataDir });
  const client = await new MongoClient(engine.uri, { serverSelectionTimeoutMS: 5000 }).connect();
  return {
    engine,
    client,
    db: client.db('test'),
    dataDir,
    async close() {
      await client.close();
      await engine.close();
    },
  };
}

/**
 * A fresh engine for the calling test file (or `describe`): started before its tests, closed
 * with its data directories after. The object is filled in when the engine is up, so tests use
 * it as they would `startTestEngine`'s answer.
 */
export function useTestEngine(extra: Partial<EmbeddedMongoOptions> = {}): TestEngine {
  const t = {} as TestEngine;
  beforeAll(async () => {
    Object.assign(t, await startTestEngine(extra));
  });
  afterAll(async () => {
    await t.close();
    removeTempDataDirs();
  });
  return t;
}
