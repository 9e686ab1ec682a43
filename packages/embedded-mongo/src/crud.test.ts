import { ObjectId } from 'mongodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestEngine } from './testkit.ts';

const t = useTestEngine();
beforeEach(async () => {
  await t.db.dropDatabase();
});

describe('basic CRUD through the driver', () => {
  it('inserts, finds, updates and deletes documents', async () => {
    const items = t.db.collection('items');
    const { insertedId } = await items.insertOne({ name: 'a', qty: 1 });
    expect(insertedId).toBeInstanceOf(ObjectId);
    await items.insertMany([
      { name: 'b', qty: 2 },
      { name: 'c', qty: 3 },
    ]);

    expect(await items.findOne({ _id: insertedId })).toEqual({
      _id: insertedId,
      name: 'a',
      qty: 1,
    });
    expect(await items.find({ qty: { $gte: 2 } }).toArray()).toHaveLength(2);

    const upd = await items.updateMany({ qty: { $lt: 3 } }, { $set: { cheap: true } });
    expect(upd).toMatchObject({ matchedCount: 2, modifiedCount: 2 });
    expect(await items.countDocuments({ cheap: true })).toBe(2);

    const del = await items.deleteOne({ name: 'b' });
    expect(del.deletedCount).toBe(1);
    expect((await items.deleteMany({})).deletedCount).toBe(2);
    expect(await items.countDocuments()).toBe(0);
  });

  it('keeps string and custom _ids and puts _id first', async () => {
    const c = t.db.collection<{ _id: string; v: number }>('custom');
    await c.insertOne({ v: 1, _id: 'x' });
    const doc = await c.findOne({ _id: 'x' });
    expect(Object.keys(doc ?? {})).toEqual(['_id', 'v']);
  });

  it('matches ObjectIds by equality and $in, and compares dates as dates', async () => {
    const c = t.db.collection('refs');
    const a = new ObjectId();
    const b = new ObjectId();
    await c.insertMany([
      { ref: a, at: new Date('2024-01-01') },
      { ref: b, at: new Date('2025-01-01') },
    ]);
    expect(await c.countDocuments({ ref: new ObjectId(a.toHexString()) })).toBe(1);
    expect(await c.countDocuments({ ref: { $in: [a, b] } })).toBe(2);
    expect(await c.countDocuments({ at: { $gt: new Date('2024-06-01') } })).toBe(1);
  });

  it('pages a cursor past the first batch with getMore', async () => {
    const c = t.db.collection('many');
    await c.insertMany(Array.from({ length: 500 }, (_, i) => ({ i })));
    const all = await c.find({}, { batchSize: 50 }).sort({ i: 1 }).toArray();
    expect(all).toHaveLength(500);
    expect(all.map((d) => d['i'])).toEqual(Array.from({ length: 500 }, (_, i) => i));
    // Default batch size (101) with a cursor iterated by hand.
    let n = 0;
    for await (const doc of c.find()) if (doc) n++;
    expect(n).toBe(500);
  });

  it('sorts, skips, limits and projects', async () => {
    const c = t.db.collection('people');
    await c.insertMany([
      { name: 'ann', age: 30, city: 'x' },
      { name: 'bob', age: 25, city: 'y' },
      { name: 'cid', age: 35, city: 'x' },
      { name: 'dan', age: 28, city: 'y' },
    ]);
    const rows = await c
      .find({}, { projection: { _id: 0, name: 1 } })
      .sort({ age: -1 })
      .skip(1)
      .limit(2)
      .toArray();
    expect(rows).toEqual([{ name: 'ann' }, { name: 'dan' }]);
    const excl = await c.findOne({ name: 'bob' }, { projection: { city: 0, _id: 0 } });
    expect(excl).toEqual({ name: 'bob', age: 25 });
    const multi = await c.find().sort({ city: 1, age: 1 }).toArray();
    expect(multi.map((d) => d['name'])).toEqual(['ann', 'cid', 'bob', 'dan']);
  });

  it('projects $slice alongside the other fields, and nested exclusions leave stored documents intact', async () => {
    const c = t.db.collection('proj');
    const { insertedId: _id } = await c.insertOne({ a: { b: 1, c: 2 }, list: [1, 2, 3], n: 1 });
    expect(await c.findOne({ _id }, { projection: { list: { $slice: 2 } } })).toEqual({
      _id,
      a: { b: 1, c: 2 },
      list: [1, 2],
      n: 1,
    });
    expect(await c.findOne({ _id }, { projection: { 'a.b': 0, n: 0 } })).toEqual({
      _id,
      a: { c: 2 },
      list: [1, 2, 3],
    });
    expect(await c.findOne({ _id })).toEqual({ _id, a: { b: 1, c: 2 }, list: [1, 2, 3], n: 1 });
    const positional = await c.findOne({ list: { $gt: 1 } }, { projection: { 'list.$': 1 } });
    expect(positional).toEqual({ _id, list: [2] });
    // Fields come back in the document's order, as from MongoDB, not the projection's.
    expect(Object.keys((await c.findOne({ _id }, { projection: { n: 1, a: 1 } })) ?? {})).toEqual([
      '_id',
      'a',
      'n',
    ]);
  });

  it('applies $inc $push $pull $addToSet $unset and friends', async () => {
    type OpsDoc = {
      n: number;
      tags: string[];
      gone?: boolean;
      nums: number[];
      low?: number;
      lowest?: number;
    };
    const c = t.db.collection<OpsDoc>('ops');
    const { insertedId: _id } = await c.insertOne({
      n: 1,
      tags: ['a'],
      gone: true,
      nums: [1, 2, 3, 4],
    });
    await c.updateOne({ _id }, { $inc: { n: 2 }, $push: { tags: 'b' }, $unset: { gone: '' } });
    await c.updateOne({ _id }, { $addToSet: { tags: 'a' }, $pull: { nums: { $gte: 3 } } });
    await c.updateOne(
      { _id },
      { $addToSet: { tags: { $each: ['c', 'b'] } }, $max: { n: 10 }, $min: { low: 5 } },
    );
    await c.updateOne({ _id }, { $mul: { n: 2 }, $rename: { low: 'lowest' }, $pop: { nums: 1 } });
    expect(await c.findOne({ _id })).toEqual({
      _id,
      n: 20,
      tags: ['a', 'b', 'c'],
      nums: [1],
      lowest: 5,
    });
  });

  it('sets $currentDate to a date', async () => {
    const c = t.db.collection('dates');
    const { insertedId: _id } = await c.insertOne({});
    await c.updateOne({ _id }, { $currentDate: { touched: true } });
    expect((await c.findOne({ _id }))?.['touched']).toBeInstanceOf(Date);
  });

  it('upserts with $setOnInsert and equality fields from the filter', async () => {
    const c = t.db.collection('ups');
    const first = await c.updateOne(
      { sku: 'k1', 'meta.region': 'eu', qty: { $gt: 5 } },
      { $set: { price: 10 }, $setOnInsert: { createdBy: 'seed' } },
      { upsert: true },
    );
    expect(first.upsertedCount).toBe(1);
    const doc = await c.findOne({ _id: first.upsertedId as ObjectId });
    expect(doc).toEqual({
      _id: first.upsertedId,
      sku: 'k1',
      meta: { region: 'eu' },
      price: 10,
      createdBy: 'seed',
    });

    // A second upsert matches: $setOnInsert does nothing.
    const second = await c.updateOne(
      { sku: 'k1' },
      { $set: { price: 12 }, $setOnInsert: { createdBy: 'again' } },
      { upsert: true },
    );
    expect(second).toMatchObject({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
    expect(await c.findOne({ sku: 'k1' }, { projection: { _id: 0 } })).toMatchObject({
      price: 12,
      createdBy: 'seed',
    });
  });

  it('upserts with the _id given in the filter and $setOnInsert (the repositories do this)', async () => {
    const c = t.db.collection<{ _id: string; email: string }>('users');
    const doc = { _id: 'uid-1', email: 'a@x' };
    await c.updateOne({ _id: doc._id }, { $setOnInsert: doc }, { upsert: true });
    await c.updateOne(
      { _id: doc._id },
      { $setOnInsert: { ...doc, email: 'changed' } },
      { upsert: true },
    );
    expect(await c.find().toArray()).toEqual([doc]);
  });

  it('updates array elements with arrayFilters and the positional $', async () => {
    const c = t.db.collection('grades');
    const { insertedId: _id } = await c.insertOne({
      scores: [
        { k: 'a', v: 1 },
        { k: 'b', v: 1 },
        { k: 'c', v: 5 },
      ],
    });
    await c.updateOne(
      { _id },
      { $inc: { 'scores.$[low].v': 10 } },
      { arrayFilters: [{ 'low.v': { $lt: 2 } }] },
    );
    await c.updateOne({ _id, 'scores.k': 'c' }, { $set: { 'scores.$.v': 0 } });
    expect((await c.findOne({ _id }))?.['scores']).toEqual([
      { k: 'a', v: 11 },
      { k: 'b', v: 11 },
      { k: 'c', v: 0 },
    ]);
  });

  it('replaces whole documents and supports pipeline updates', async () => {
    const c = t.db.collection('repl');
    const { insertedId: _id } = await c.insertOne({ a: 1, b: 2 });
    await c.replaceOne({ _id }, { c: 3 });
    expect(await c.findOne({ _id })).toEqual({ _id, c: 3 });
    await c.updateOne({ _id }, [{ $set: { d: { $add: ['$c', 1] } } }]);
    expect(await c.findOne({ _id })).toEqual({ _id, c: 3, d: 4 });
  });

  it('returns the document before or after with findOneAndUpdate', async () => {
    const c = t.db.collection('fam');
    await c.insertOne({ name: 'x', n: 1 });
    const before = await c.findOneAndUpdate({ name: 'x' }, { $inc: { n: 1 } });
    expect(before?.['n']).toBe(1);
    const after = await c.findOneAndUpdate(
      { name: 'x' },
      { $inc: { n: 1 } },
      { returnDocument: 'after', projection: { _id: 0 } },
    );
    expect(after).toEqual({ name: 'x', n: 3 });
    const missing = await c.findOneAndUpdate({ name: 'nope' }, { $set: { n: 0 } });
    expect(missing).toBeNull();
    const upserted = await c.findOneAndUpdate(
      { name: 'new' },
      { $setOnInsert: { n: 7 } },
      { upsert: true, returnDocument: 'after' },
    );
    expect(upserted).toMatchObject({ name: 'new', n: 7 });
    const res = await c.findOneAndUpdate(
      { name: 'y' },
      { $set: { n: 1 } },
      { upsert: true, includeResultMetadata: true },
    );
    expect(res.value).toBeNull();
    expect(res.lastErrorObject).toMatchObject({ n: 1, updatedExisting: false });
    expect(res.lastErrorObject?.['upserted']).toBeInstanceOf(ObjectId);
  });

  it('picks the first document in sort order for findOneAndUpdate and findOneAndDelete', async () => {
    const c = t.db.collection('queue');
    await c.insertMany([{ p: 2 }, { p: 1 }, { p: 3 }]);
    const got = await c.findOneAndUpdate(
      {},
      { $set: { taken: true } },
      { sort: { p: 1 }, returnDocument: 'after' },
    );
    expect(got).toMatchObject({ p: 1, taken: true });
    const del = await c.findOneAndDelete({}, { sort: { p: -1 } });
    expect(del?.['p']).toBe(3);
    expect(await c.countDocuments()).toBe(2);
  });

  it('counts with countDocuments and estimatedDocumentCount, and lists distinct values', async () => {
    const c = t.db.collection('counts');
    await c.insertMany([{ k: 'a', tags: ['x', 'y'] }, { k: 'b', tags: ['y'] }, { k: 'a' }]);
    expect(await c.countDocuments()).toBe(3);
    expect(await c.countDocuments({ k: 'a' })).toBe(2);
    expect(await c.countDocuments({}, { skip: 1, limit: 1 })).toBe(1);
    expect(await c.estimatedDocumentCount()).toBe(3);
    expect((await c.distinct('k')).sort()).toEqual(['a', 'b']);
    expect((await c.distinct('tags', { k: 'a' })).sort()).toEqual(['x', 'y']);
    expect(await t.db.collection('nothing').estimatedDocumentCount()).toBe(0);
  });
});
