import { MongoBulkWriteError, MongoServerError, ObjectId } from 'mongodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestEngine } from './testkit.ts';

const t = useTestEngine({ ttlSweepMs: 50 });
beforeEach(async () => {
  await t.db.dropDatabase();
});

async function serverError(p: Promise<unknown>): Promise<MongoServerError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MongoServerError);
  return err as MongoServerError;
}

describe('unique indexes', () => {
  it("rejects a duplicate insertOne with code 11000 and MongoDB's message", async () => {
    const users = t.db.collection('users');
    await users.createIndex({ email: 1 }, { unique: true });
    await users.insertOne({ email: 'a@x.com' });
    const err = await serverError(users.insertOne({ email: 'a@x.com' }));
    expect(err.code).toBe(11000);
    expect(err.message).toBe(
      'E11000 duplicate key error collection: test.users index: email_1 dup key: { email: "a@x.com" }',
    );
    expect(err.errorResponse['keyValue']).toEqual({ email: 'a@x.com' });
    expect(await users.countDocuments()).toBe(1);
  });

  it('rejects an update that would create a duplicate, leaving the document unchanged', async () => {
    const users = t.db.collection('users');
    await users.createIndex({ email: 1 }, { unique: true });
    await users.insertMany([{ email: 'a' }, { email: 'b' }]);
    const err = await serverError(users.updateOne({ email: 'b' }, { $set: { email: 'a' } }));
    expect(err.code).toBe(11000);
    expect(await users.countDocuments({ email: 'b' })).toBe(1);
  });

  it('rejects an upsert that would create a duplicate', async () => {
    const users = t.db.collection('users');
    await users.createIndex({ email: 1 }, { unique: true });
    await users.insertOne({ name: 'one', email: 'a' });
    const err = await serverError(
      users.updateOne({ name: 'two' }, { $set: { email: 'a' } }, { upsert: true }),
    );
    expect(err.code).toBe(11000);
    const fam = await serverError(
      users.findOneAndUpdate({ name: 'three' }, { $set: { email: 'a' } }, { upsert: true }),
    );
    expect(fam.code).toBe(11000);
    expect(await users.countDocuments()).toBe(1);
  });

  it('enforces _id uniqueness', async () => {
    const c = t.db.collection<{ _id: string }>('ids');
    await c.insertOne({ _id: 'k' });
    const err = await serverError(c.insertOne({ _id: 'k' }));
    expect(err.code).toBe(11000);
    expect(err.message).toContain('index: _id_ dup key: { _id: "k" }');
  });

  it('enforces compound unique keys and keeps inserting past duplicates when unordered', async () => {
    const offers = t.db.collection('offers');
    await offers.createIndex({ productId: 1, sellerId: 1 }, { unique: true });
    const p = new ObjectId();
    await offers.insertOne({ productId: p, sellerId: 's1' });
    const err = await offers
      .insertMany(
        [
          { productId: p, sellerId: 's2' },
          { productId: p, sellerId: 's1' },
          { productId: p, sellerId: 's3' },
        ],
        { ordered: false },
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MongoBulkWriteError);
    expect((err as MongoBulkWriteError).insertedCount).toBe(2);
    expect(await offers.countDocuments()).toBe(3);
  });

  it('indexes missing fields as null unless the index is sparse', async () => {
    const plain = t.db.collection('plain');
    await plain.createIndex({ code: 1 }, { unique: true });
    await plain.insertOne({ x: 1 });
    expect((await serverError(plain.insertOne({ x: 2 }))).code).toBe(11000);

    const sparse = t.db.collection('sparse');
    await sparse.createIndex({ code: 1 }, { unique: true, sparse: true });
    await sparse.insertMany([{ x: 1 }, { x: 2 }, { code: 'a' }]);
    expect((await serverError(sparse.insertOne({ code: 'a' }))).code).toBe(11000);
  });

  it('honours partialFilterExpression', async () => {
    const c = t.db.collection('partial');
    await c.createIndex({ email: 1 }, { unique: true, partialFilterExpression: { active: true } });
    await c.insertMany([
      { email: 'a', active: false },
      { email: 'a', active: true },
    ]);
    expect((await serverError(c.insertOne({ email: 'a', active: true }))).code).toBe(11000);
  });

  it('refuses to build a unique index over existing duplicates', async () => {
    const c = t.db.collection('dups');
    await c.insertMany([{ k: 1 }, { k: 1 }]);
    expect((await serverError(c.createIndex({ k: 1 }, { unique: true }))).code).toBe(11000);
    expect((await c.indexes()).map((i) => i.name)).toEqual(['_id_']);
  });

  it('finds documents through a unique index equality exactly like a scan', async () => {
    const c = t.db.collection('lookup');
    await c.createIndex({ slug: 1 }, { unique: true });
    await c.insertMany([
      { slug: 'a', n: 1 },
      { slug: 'b', n: 2 },
    ]);
    expect(await c.findOne({ slug: 'b' })).toMatchObject({ n: 2 });
    expect(await c.findOne({ slug: 'b', n: 1 })).toBeNull();
    await c.updateOne({ slug: 'b' }, { $set: { slug: 'c' } });
    expect(await c.findOne({ slug: 'b' })).toBeNull();
    expect(await c.findOne({ slug: 'c' })).toMatchObject({ n: 2 });
  });
});

describe('index and collection catalogue', () => {
  it('lists, drops and re-creates indexes', async () => {
    const c = t.db.collection('cat');
    await c.createIndexes([
      { key: { a: 1 } },
      { key: { b: -1, c: 1 }, name: 'bc' },
      { key: { at: 1 }, expireAfterSeconds: 60 },
    ]);
    expect(await c.indexes()).toEqual([
      { v: 2, key: { _id: 1 }, name: '_id_' },
      { v: 2, key: { a: 1 }, name: 'a_1' },
      { v: 2, key: { b: -1, c: 1 }, name: 'bc' },
      { v: 2, key: { at: 1 }, name: 'at_1', expireAfterSeconds: 60 },
    ]);
    // Same index again is a no-op; same name with other keys is a conflict.
    await c.createIndex({ a: 1 });
    expect((await serverError(c.createIndex({ z: 1 }, { name: 'a_1' }))).code).toBe(86);
    await c.dropIndex('bc');
    expect((await c.indexes()).map((i) => i.name)).toEqual(['_id_', 'a_1', 'at_1']);
    expect((await serverError(c.dropIndex('_id_'))).code).toBe(72);
    await c.dropIndexes();
    expect((await c.indexes()).map((i) => i.name)).toEqual(['_id_']);
  });

  it('lists collections, filtered by name, and drops them', async () => {
    await t.db.collection('one').insertOne({});
    await t.db.createCollection('two');
    expect((await t.db.listCollections().toArray()).map((c) => c.name).sort()).toEqual([
      'one',
      'two',
    ]);
    expect((await t.db.listCollections({ name: 'two' }).toArray()).map((c) => c.name)).toEqual([
      'two',
    ]);
    expect((await t.db.listCollections({}, { nameOnly: true }).toArray())[0]).toHaveProperty(
      'type',
      'collection',
    );
    expect((await serverError(t.db.createCollection('two'))).code).toBe(48);
    expect(await t.db.collection('one').drop()).toBe(true);
    expect((await t.db.listCollections().toArray()).map((c) => c.name)).toEqual(['two']);
    expect((await serverError(t.db.collection('one').indexes())).code).toBe(26);
  });

  it('keeps databases apart and lists them', async () => {
    await t.client.db('other').collection('x').insertOne({ a: 1 });
    await t.db.collection('x').insertOne({ a: 2 });
    expect(await t.client.db('other').collection('x').countDocuments()).toBe(1);
    const { databases } = await t.client.db('admin').admin().listDatabases();
    expect(databases.map((d) => d.name)).toEqual(expect.arrayContaining(['other', 'test']));
    await t.client.db('other').dropDatabase();
    const after = await t.client.db('admin').admin().listDatabases();
    expect(after.databases.map((d) => d.name)).not.toContain('other');
  });
});

describe('TTL indexes', () => {
  it('expires documents past their TTL', async () => {
    const sessions = t.db.collection('sessions');
    await sessions.createIndex({ at: 1 }, { expireAfterSeconds: 1 });
    const now = Date.now();
    await sessions.insertMany([
      { name: 'old', at: new Date(now - 5_000) },
      { name: 'oldest-in-array', at: [new Date(now + 60_000), new Date(now - 5_000)] },
      { name: 'fresh', at: new Date(now + 60_000) },
      { name: 'not-a-date', at: 'yesterday' },
    ]);
    await expect.poll(() => sessions.countDocuments(), { timeout: 3000, interval: 50 }).toBe(2);
    expect((await sessions.find().toArray()).map((d) => d['name']).sort()).toEqual([
      'fresh',
      'not-a-date',
    ]);
  });
});
