import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Decimal128, Long, MongoClient, ObjectId, Binary } from 'mongodb';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { removeTempDataDirs, startTestEngine, tempDataDir } from './testkit.ts';

const CLI = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cli.ts');
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});
afterAll(removeTempDataDirs);

/** Starts the CLI as a child process and resolves with its port once it prints READY. */
function spawnEngine(dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [CLI, '--port', '0', '--data', dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = out.match(/READY (\d+)/);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.on('exit', (code) => reject(new Error(`engine exited with ${code}: ${stderr}`)));
  });
}

function waitExit(child: ChildProcess): Promise<void> {
  return new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null
      ? resolve()
      : child.once('exit', () => resolve()),
  );
}

describe('durability', () => {
  it('keeps data and indexes across close and restart on the same dataDir', async () => {
    const first = await startTestEngine();
    const c = first.db.collection('things');
    await c.createIndex({ slug: 1 }, { unique: true });
    await c.createIndex({ at: 1 }, { expireAfterSeconds: 3600 });
    const id = new ObjectId();
    const typed = {
      _id: id,
      slug: 'a',
      at: new Date('2030-01-01T00:00:00Z'),
      big: Long.fromString('9007199254740993'),
      price: Decimal128.fromString('19.99'),
      bin: new Binary(Buffer.from([1, 2, 3])),
      nested: { list: [1, 'two', { three: 3 }] },
    };
    await c.insertOne(typed);
    await c.insertOne({ slug: 'b' });
    await c.updateOne({ slug: 'b' }, { $set: { n: 2 } });
    await c.deleteOne({ slug: 'b' });
    await first.close();

    const second = await startTestEngine({ dataDir: first.dataDir });
    try {
      const again = second.db.collection('things');
      const doc = await again.findOne({ _id: id }, { promoteLongs: false });
      expect(doc).toEqual(typed);
      expect(await again.countDocuments()).toBe(1);
      expect((await again.indexes()).map((i) => i.name)).toEqual(['_id_', 'slug_1', 'at_1']);
      const dup = await again.insertOne({ slug: 'a' }).catch((e: { code?: number }) => e);
      expect((dup as { code?: number }).code).toBe(11000);
    } finally {
      await second.close();
    }
  });

  it('keeps every acknowledged write after kill -9', async () => {
    const dataDir = tempDataDir();
    const run1 = await spawnEngine(dataDir);
    const client = await new MongoClient(`mongodb://127.0.0.1:${run1.port}/`).connect();
    const c = client.db('shop').collection('orders');
    await c.createIndex({ ref: 1 }, { unique: true });
    const acknowledged: number[] = [];
    // Concurrent writes so several land in each group commit.
    await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        await c.insertOne({ ref: i, state: 'new' });
        await c.updateOne({ ref: i }, { $set: { state: 'paid' }, $inc: { version: 1 } });
        acknowledged.push(i);
      }),
    );
    await c.deleteOne({ ref: 0 });
    run1.child.kill('SIGKILL');
    await waitExit(run1.child);
    await client.close(true);

    const run2 = await spawnEngine(dataDir);
    const client2 = await new MongoClient(`mongodb://127.0.0.1:${run2.port}/`).connect();
    try {
      const docs = await client2
        .db('shop')
        .collection('orders')
        .find({}, { projection: { _id: 0 } })
        .toArray();
      expect(docs).toHaveLength(199);
      for (const i of acknowledged.filter((i) => i !== 0)) {
        expect(docs.find((d) => d['ref'] === i)).toEqual({ ref: i, state: 'paid', version: 1 });
      }
      const idx = await client2.db('shop').collection('orders').indexes();
      expect(idx.map((i) => i.name)).toContain('ref_1');
    } finally {
      await client2.close();
      run2.child.kill('SIGTERM');
      await waitExit(run2.child);
    }
  });

  it('tolerates a torn journal tail on restart', async () => {
    const first = await startTestEngine();
    await first.db.collection('c').insertMany([{ n: 1 }, { n: 2 }]);
    await first.close();
    const journal = path.join(first.dataDir, 'test.journal');
    // A half-written record: a plausible length header followed by too few bytes, then junk.
    const torn = Buffer.alloc(40, 0xab);
    torn.writeUInt32LE(500, 0);
    fs.appendFileSync(journal, torn);
    const warnings: string[] = [];
    const second = await startTestEngine({
      dataDir: first.dataDir,
      logger: { info() {}, warn: (_o, msg) => warnings.push(msg ?? '') },
    });
    try {
      expect(await second.db.collection('c').countDocuments()).toBe(2);
      expect(warnings.some((w) => w.includes('torn'))).toBe(true);
      // The compacted journal no longer carries the garbage, and new writes append cleanly.
      await second.db.collection('c').insertOne({ n: 3 });
    } finally {
      await second.close();
    }
    const third = await startTestEngine({ dataDir: first.dataDir });
    try {
      expect(await third.db.collection('c').countDocuments()).toBe(3);
    } finally {
      await third.close();
    }
  });

  it('compacts a growing journal at runtime without losing writes', async () => {
    const first = await startTestEngine({ compactMinBytes: 20_000 });
    const c = first.db.collection('counters');
    await c.insertOne({ _id: 'hits' as never, n: 0, pad: 'x'.repeat(200) });
    for (let i = 0; i < 300; i++) await c.updateOne({ _id: 'hits' as never }, { $inc: { n: 1 } });
    // 300 journaled versions of a ~250-byte document would be ~80 KB without compaction.
    expect(fs.statSync(path.join(first.dataDir, 'test.journal')).size).toBeLessThan(40_000);
    await first.close();
    const second = await startTestEngine({ dataDir: first.dataDir });
    try {
      expect(
        (await second.db.collection('counters').findOne({ _id: 'hits' as never }))?.['n'],
      ).toBe(300);
    } finally {
      await second.close();
    }
  });

  it('refuses to open a data directory that is already open', async () => {
    const first = await startTestEngine();
    try {
      await expect(startTestEngine({ dataDir: first.dataDir })).rejects.toThrow(/already open/);
    } finally {
      await first.close();
    }
  });

  it('tolerates random garbage appended to the journal', async () => {
    const first = await startTestEngine();
    await first.db.collection('c').insertOne({ n: 1 });
    await first.close();
    fs.appendFileSync(
      path.join(first.dataDir, 'test.journal'),
      Buffer.from('garbage!garbage!garbage!'),
    );
    const second = await startTestEngine({ dataDir: first.dataDir });
    try {
      expect(
        await second.db
          .collection('c')
          .find({}, { projection: { _id: 0 } })
          .toArray(),
      ).toEqual([{ n: 1 }]);
    } finally {
      await second.close();
    }
  });
});
