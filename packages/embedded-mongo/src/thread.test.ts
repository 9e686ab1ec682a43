import fs from 'node:fs';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedMongoThread } from './thread.ts';
import { removeTempDataDirs, tempDataDir } from './testkit.ts';

afterAll(removeTempDataDirs);

async function connect(uri: string) {
  return new MongoClient(uri, { serverSelectionTimeoutMS: 5000 }).connect();
}

describe('engine on its own thread', () => {
  it('serves the driver, keeps writes across a clean restart, and relays its log', async () => {
    const dataDir = tempDataDir();
    const lines: string[] = [];
    const logger = { info: (_: object, msg?: string) => lines.push(msg ?? ''), warn: () => {} };
    const first = await startEmbeddedMongoThread({ port: 0, dataDir, logger });
    const client = await connect(first.uri);
    const items = client.db('shop').collection<{ _id: number; price: number }>('items');
    await items.createIndex({ price: 1 });
    await items.insertMany(Array.from({ length: 50 }, (_, i) => ({ _id: i, price: i % 10 })));
    await client.close();
    await first.close();

    const second = await startEmbeddedMongoThread({ port: 0, dataDir, logger });
    const again = await connect(second.uri);
    const cheap = await again
      .db('shop')
      .collection('items')
      .find({ price: { $lt: 2 } })
      .sort({ price: -1, _id: 1 })
      .limit(3)
      .toArray();
    expect(cheap).toEqual([
      { _id: 1, price: 1 },
      { _id: 11, price: 1 },
      { _id: 21, price: 1 },
    ]);
    await again.close();
    await second.close();
    expect(lines).toContain('embedded MongoDB: database loaded');
  });

  it('also serves the driver on a Unix socket of its own, removed when it closes', async () => {
    const engine = await startEmbeddedMongoThread({
      port: 0,
      dataDir: tempDataDir(),
      localSocket: true,
    });
    const file = decodeURIComponent(new URL(engine.localUri!).host);
    expect(fs.statSync(file).isSocket()).toBe(true);
    // A write through the socket is read back through the TCP port: one engine.
    const local = await connect(engine.localUri!);
    await local
      .db('shop')
      .collection('items')
      .insertOne({ _id: 1, price: 5 } as never);
    const remote = await connect(engine.uri);
    expect(
      await remote
        .db('shop')
        .collection('items')
        .findOne({ _id: 1 } as never),
    ).toEqual({
      _id: 1,
      price: 5,
    });
    await local.close();
    await remote.close();
    await engine.close();
    expect(fs.existsSync(path.dirname(file))).toBe(false);
  });

  it('refuses a data directory another engine thread has open', async () => {
    const dataDir = tempDataDir();
    const engine = await startEmbeddedMongoThread({ port: 0, dataDir });
    await expect(startEmbeddedMongoThread({ port: 0, dataDir })).rejects.toThrow(/already open/);
    await engine.close();
  });

  it('reports a port it cannot listen on as a failed start', async () => {
    const engine = await startEmbeddedMongoThread({ port: 0, dataDir: tempDataDir() });
    await expect(
      startEmbeddedMongoThread({ port: engine.port, dataDir: tempDataDir() }),
    ).rejects.toThrow(/EADDRINUSE/);
    await engine.close();
  });
});
