import net from 'node:net';
import { MongoServerError } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDataDirs, startTestEngine, type TestEngine } from './testkit.ts';

let t: TestEngine;
beforeAll(async () => {
  t = await startTestEngine();
  await t.db.collection('c').insertOne({ a: 1, s: 'x', tags: ['a'] });
});
afterAll(async () => {
  await t.close();
  removeTempDataDirs();
});

async function failure(p: Promise<unknown>): Promise<MongoServerError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MongoServerError);
  return err as MongoServerError;
}

describe('unsupported features fail loudly', () => {
  it('answers an unknown command with CommandNotFound naming it', async () => {
    const err = await failure(t.db.command({ frobnicate: 1 }));
    expect(err.code).toBe(59);
    expect(err.codeName).toBe('CommandNotFound');
    expect(err.message).toBe("no such command: 'frobnicate'");
  });

  it('names an unsupported query operator', async () => {
    expect(
      (
        await failure(
          t.db
            .collection('c')
            .find({ a: { $near: [0, 0] } })
            .toArray(),
        )
      ).message,
    ).toContain('$near');
    expect(
      (
        await failure(
          t.db
            .collection('c')
            .find({ $text: { $search: 'x' } })
            .toArray(),
        )
      ).message,
    ).toContain('$text');
    expect(
      (await failure(t.db.collection('c').find({ $where: 'true' }).toArray())).message,
    ).toContain('$where');
    // Even against a collection that does not exist.
    expect(
      (await failure(t.db.collection('none').findOne({ a: { $bogus: 1 } }))).message,
    ).toContain('$bogus');
  });

  it('names an unsupported update operator', async () => {
    const err = await failure(t.db.collection('c').updateOne({}, { $frob: { a: 1 } } as never));
    expect(err.message).toContain('$frob');
  });

  it('names an unsupported aggregation stage or expression', async () => {
    expect(
      (
        await failure(
          t.db
            .collection('c')
            .aggregate([{ $out: 'elsewhere' }])
            .toArray(),
        )
      ).message,
    ).toContain('$out');
    expect(
      (
        await failure(
          t.db
            .collection('c')
            .aggregate([{ $merge: { into: 'x' } }])
            .toArray(),
        )
      ).message,
    ).toContain('$merge');
    const expr = await failure(
      t.db
        .collection('c')
        .aggregate([{ $project: { v: { $frobnicate: '$a' } } }])
        .toArray(),
    );
    expect(expr.message).toContain('$frobnicate');
  });

  it('refuses collation and transactions instead of ignoring them', async () => {
    const coll = await failure(
      t.db
        .collection('c')
        .find({}, { collation: { locale: 'fr' } })
        .toArray(),
    );
    expect(coll.message).toContain('collation');
    const session = t.client.startSession();
    try {
      const err = await session
        .withTransaction(async () => {
          await t.db.collection('c').insertOne({ inTxn: true }, { session });
        })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
    } finally {
      await session.endSession();
    }
    expect(await t.db.collection('c').countDocuments({ inTxn: true })).toBe(0);
  });

  it('rejects $inc on a non-number rather than skipping it', async () => {
    const err = await failure(t.db.collection('c').updateOne({ a: 1 }, { $inc: { s: 1 } }));
    expect(err.code).toBe(14);
  });

  it('refuses to change _id', async () => {
    const err = await failure(t.db.collection('c').updateOne({ a: 1 }, { $set: { _id: 5 } }));
    expect(err.code).toBe(66);
  });
});

describe('malformed input never takes the server down', () => {
  it('answers malformed commands with ok:0', async () => {
    expect((await failure(t.db.command({ find: 5 }))).code).toBe(14);
    expect((await failure(t.db.command({ insert: 'c', documents: 'nope' }))).code).toBe(14);
    expect((await failure(t.db.command({ findAndModify: 'c', query: {} }))).code).toBe(9);
    expect(
      (
        await failure(
          t.db.command({ aggregate: 'c', pipeline: [{ $match: {}, $sort: {} }], cursor: {} }),
        )
      ).code,
    ).toBe(9);
    expect((await failure(t.db.command({ getMore: 12345, collection: 'c' }))).code).toBe(43);
    expect(await t.db.collection('c').countDocuments()).toBe(1);
  });

  it('closes only the connection that sends garbage bytes', async () => {
    const closed = await new Promise<boolean>((resolve) => {
      const sock = net.connect(t.engine.port, '127.0.0.1', () => {
        sock.write(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
      });
      sock.on('close', () => resolve(true));
      sock.on('error', () => {});
      setTimeout(() => resolve(false), 3000);
    });
    expect(closed).toBe(true);
    expect(await t.db.collection('c').countDocuments()).toBe(1);
  });

  it('survives a client that disconnects mid-message', async () => {
    await new Promise<void>((resolve) => {
      const sock = net.connect(t.engine.port, '127.0.0.1', () => {
        const partial = Buffer.alloc(10);
        partial.writeInt32LE(200, 0);
        sock.end(partial, () => resolve());
      });
      sock.on('error', () => resolve());
    });
    expect(await t.db.command({ ping: 1 })).toMatchObject({ ok: 1 });
  });
});
