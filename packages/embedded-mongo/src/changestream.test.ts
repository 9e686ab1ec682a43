import { MongoClient, MongoServerError, ObjectId, type ChangeStream, type Document } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestEngine, useTestEngine } from './testkit.ts';

/* Change streams through the official driver's watch(): events, resume, waiting getMores. */

const t = useTestEngine();
/** Short, so that opening a stream (one empty getMore) is quick; next() waits on regardless. */
const AWAIT = 200;
const streams: ChangeStream[] = [];
afterAll(async () => {
  await Promise.all(streams.map((s) => s.close()));
});

/** A stream whose aggregate has run (events from now on are its own), iterated by next(). */
async function watching<T extends Document>(stream: ChangeStream<T>): Promise<ChangeStream<T>> {
  streams.push(stream as unknown as ChangeStream);
  expect(await stream.tryNext()).toBeNull();
  return stream;
}

describe('collection.watch()', () => {
  it('reports insert, update, replace and delete as MongoDB shapes them', async () => {
    const coll = t.db.collection('cs_items');
    const stream = await watching(coll.watch([], { maxAwaitTimeMS: AWAIT }));
    const _id = new ObjectId();
    await coll.insertOne({ _id, name: 'a', price: 5, meta: { color: 'red', size: 1 } });
    await coll.updateOne({ _id }, { $set: { price: 7, 'meta.size': 2 }, $unset: { name: '' } });
    await coll.replaceOne({ _id }, { title: 'b' });
    await coll.deleteOne({ _id });

    const insert = await stream.next();
    expect(insert).toMatchObject({
      operationType: 'insert',
      ns: { db: 'test', coll: 'cs_items' },
      documentKey: { _id },
      fullDocument: { _id, name: 'a', price: 5 },
    });
    expect(typeof (insert._id as { _data: string })._data).toBe('string');
    expect(insert.clusterTime?._bsontype).toBe('Timestamp');
    expect((insert as Document).wallTime).toBeInstanceOf(Date);
    const update = await stream.next();
    expect(update).toMatchObject({
      operationType: 'update',
      documentKey: { _id },
      updateDescription: {
        updatedFields: { price: 7, 'meta.size': 2 },
        removedFields: ['name'],
        truncatedArrays: [],
      },
    });
    expect(update).not.toHaveProperty('fullDocument');
    expect(await stream.next()).toMatchObject({
      operationType: 'replace',
      documentKey: { _id },
      fullDocument: { _id, title: 'b' },
    });
    const del = await stream.next();
    expect(del).toMatchObject({ operationType: 'delete', documentKey: { _id } });
    expect(del).not.toHaveProperty('fullDocument');
    // Cluster times only go forward.
    expect(del.clusterTime!.greaterThan(insert.clusterTime!)).toBe(true);
  });

  it("hands the document as it now is with fullDocument: 'updateLookup', and only its collection's events", async () => {
    const coll = t.db.collection('cs_lookup');
    const stream = await watching(
      coll.watch([], { fullDocument: 'updateLookup', maxAwaitTimeMS: AWAIT }),
    );
    await t.db.collection('cs_elsewhere').insertOne({ x: 1 });
    const { insertedId } = await coll.insertOne({ stock: 1 });
    await coll.updateOne({ _id: insertedId }, { $inc: { stock: 2 } });
    expect((await stream.next()).operationType).toBe('insert');
    expect(await stream.next()).toMatchObject({
      operationType: 'update',
      fullDocument: { _id: insertedId, stock: 3 },
    });
  });

  it('applies later $match and $project stages to the events, and refuses losing their _id', async () => {
    const coll = t.db.collection('cs_pipeline');
    const stream = await watching(
      coll.watch(
        [
          { $match: { operationType: 'insert', 'fullDocument.kind': 'keep' } },
          { $project: { operationType: 1, 'fullDocument.kind': 1 } },
        ],
        { maxAwaitTimeMS: AWAIT },
      ),
    );
    await coll.insertMany([
      { kind: 'drop', n: 1 },
      { kind: 'keep', n: 2 },
    ]);
    const event = await stream.next();
    expect(event).toEqual({
      _id: expect.objectContaining({ _data: expect.any(String) }),
      operationType: 'insert',
      fullDocument: { kind: 'keep' },
    });

    const bad = await watching(coll.watch([{ $project: { _id: 0 } }], { maxAwaitTimeMS: 500 }));
    await coll.insertOne({ kind: 'x' });
    const err = await bad.next().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect((err as MongoServerError).code).toBe(280);
  });

  it('ends with drop and invalidate when its collection is dropped', async () => {
    const coll = t.db.collection('cs_dropped');
    await coll.insertOne({ a: 1 });
    const stream = await watching(coll.watch([], { maxAwaitTimeMS: AWAIT }));
    await coll.drop();
    expect((await stream.next()).operationType).toBe('drop');
    expect((await stream.next()).operationType).toBe('invalidate');
  });
});

describe('db.watch()', () => {
  it("reports every collection of its database, and no other database's", async () => {
    const stream = await watching(t.db.watch([], { maxAwaitTimeMS: AWAIT }));
    await t.client.db('other').collection('x').insertOne({ other: true });
    await t.db.collection('cs_a').insertOne({ a: 1 });
    await t.db.collection('cs_b').insertOne({ b: 1 });
    expect(((await stream.next()) as Document).ns).toEqual({ db: 'test', coll: 'cs_a' });
    expect(((await stream.next()) as Document).ns).toEqual({ db: 'test', coll: 'cs_b' });
  });
});

describe('resuming', () => {
  it('resumes exactly after a token, with resumeAfter or startAfter', async () => {
    const coll = t.db.collection('cs_resume');
    const stream = await watching(coll.watch([], { maxAwaitTimeMS: AWAIT }));
    await coll.insertMany([{ n: 1 }, { n: 2 }, { n: 3 }]);
    const first = await stream.next();
    expect(first.operationType === 'insert' && first.fullDocument.n).toBe(1);
    await stream.close();

    for (const option of ['resumeAfter', 'startAfter'] as const) {
      const again = coll.watch([], { [option]: first._id, maxAwaitTimeMS: AWAIT });
      streams.push(again);
      const ns: unknown[] = [];
      for (let i = 0; i < 2; i++) {
        const e = await again.next();
        ns.push(e.operationType === 'insert' && e.fullDocument.n);
      }
      expect(ns).toEqual([2, 3]);
    }
  });

  it('advances the resume token through batches without an event (postBatchResumeToken)', async () => {
    const stream = await watching(t.db.collection('cs_quiet').watch([], { maxAwaitTimeMS: 50 }));
    const before = JSON.stringify(stream.resumeToken);
    await t.db.collection('cs_noisy').insertOne({ n: 1 });
    expect(await stream.tryNext()).toBeNull();
    expect(JSON.stringify(stream.resumeToken)).not.toBe(before);
    // Resuming from the advanced token skips what it went past, and sees what came after.
    await t.db.collection('cs_quiet').insertOne({ n: 2 });
    const resumed = t.db
      .collection('cs_quiet')
      .watch([], { startAfter: stream.resumeToken, maxAwaitTimeMS: AWAIT });
    streams.push(resumed);
    expect(await resumed.next()).toMatchObject({ fullDocument: { n: 2 } });
  });

  it('answers ChangeStreamHistoryLost (286) for a token older than the history it keeps', async () => {
    const small = await startTestEngine({ changeHistory: 5 });
    try {
      const coll = small.db.collection('c');
      const stream = coll.watch([], { maxAwaitTimeMS: 500 });
      expect(await stream.tryNext()).toBeNull();
      await coll.insertOne({ n: 0 });
      const token = (await stream.next())._id;
      await stream.close();
      for (let n = 1; n <= 10; n++) await coll.insertOne({ n });
      const late = coll.watch([], { resumeAfter: token });
      const err = await late.next().catch((e: unknown) => e);
      expect((err as MongoServerError).code).toBe(286);
      expect((err as MongoServerError).codeName).toBe('ChangeStreamHistoryLost');
      await late.close();
    } finally {
      await small.close();
    }
  });

  it("answers ChangeStreamHistoryLost for a token of the engine's previous run", async () => {
    const first = await startTestEngine();
    const coll = first.db.collection('c');
    const stream = coll.watch([], { maxAwaitTimeMS: 500 });
    expect(await stream.tryNext()).toBeNull();
    await coll.insertOne({ n: 0 });
    const token = (await stream.next())._id;
    await stream.close();
    await first.close();
    const second = await startTestEngine({ dataDir: first.dataDir });
    try {
      const late = second.db.collection('c').watch([], { resumeAfter: token });
      const err = await late.next().catch((e: unknown) => e);
      expect((err as MongoServerError).code).toBe(286);
      await late.close();
    } finally {
      await second.close();
    }
  });
});

describe('waiting getMores', () => {
  it('hands a write to a waiting getMore within milliseconds, not at the end of its wait', async () => {
    const coll = t.db.collection('cs_prompt');
    // No warm-up tryNext here: it would wait the whole 10 s. The first next() opens the stream.
    const stream = coll.watch([], { maxAwaitTimeMS: 10_000 });
    streams.push(stream);
    const lags: number[] = [];
    for (let i = 0; i < 10; i++) {
      const next = stream.next();
      // Let the getMore reach the engine and wait there (the first time, the aggregate too).
      await new Promise((r) => setTimeout(r, i === 0 ? 200 : 30));
      const start = performance.now();
      await coll.insertOne({ i });
      await next;
      lags.push(performance.now() - start);
    }
    expect(Math.max(...lags)).toBeLessThan(250);
  });

  it('serves many watchers on many connections, each getting every event', async () => {
    const clients = await Promise.all(
      [0, 1, 2].map(() => new MongoClient(t.engine.uri, { maxPoolSize: 20 }).connect()),
    );
    try {
      const watchers = await Promise.all(
        clients.flatMap((c) =>
          Array.from({ length: 8 }, () =>
            watching(c.db('test').collection('cs_many').watch([], { maxAwaitTimeMS: AWAIT })),
          ),
        ),
      );
      await t.db.collection('cs_many').insertMany([{ n: 1 }, { n: 2 }, { n: 3 }]);
      const seen = await Promise.all(
        watchers.map(async (s) => {
          const ns: unknown[] = [];
          for (let i = 0; i < 3; i++) {
            const e = await s.next();
            ns.push(e.operationType === 'insert' && e.fullDocument.n);
          }
          return ns;
        }),
      );
      expect(seen).toEqual(watchers.map(() => [1, 2, 3]));
      await Promise.all(watchers.map((s) => s.close()));
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });
});
