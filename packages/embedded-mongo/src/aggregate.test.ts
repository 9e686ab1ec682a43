import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDataDirs, startTestEngine, type TestEngine } from './testkit.ts';

let t: TestEngine;
const alice = new ObjectId();
const bob = new ObjectId();

beforeAll(async () => {
  t = await startTestEngine();
  await t.db.collection('customers').insertMany([
    { _id: alice, name: 'alice' },
    { _id: bob, name: 'bob' },
  ]);
  await t.db.collection('orders').insertMany([
    { customerId: alice, status: 'paid', total: 10, items: ['a', 'b'] },
    { customerId: alice, status: 'paid', total: 30, items: ['c'] },
    { customerId: bob, status: 'paid', total: 5, items: ['a'] },
    { customerId: bob, status: 'void', total: 100, items: [] },
  ]);
});
afterAll(async () => {
  await t.close();
  removeTempDataDirs();
});

describe('aggregate', () => {
  it('runs $match $group $sort $project', async () => {
    const rows = await t.db
      .collection('orders')
      .aggregate([
        { $match: { status: 'paid' } },
        { $group: { _id: '$customerId', sum: { $sum: '$total' }, n: { $sum: 1 } } },
        { $sort: { sum: -1 } },
        { $project: { _id: 0, customerId: '$_id', sum: 1, n: 1 } },
      ])
      .toArray();
    expect(rows).toEqual([
      { customerId: alice, sum: 40, n: 2 },
      { customerId: bob, sum: 5, n: 1 },
    ]);
  });

  it('joins another collection with $lookup and flattens with $unwind', async () => {
    const rows = await t.db
      .collection('orders')
      .aggregate([
        { $match: { status: 'paid' } },
        {
          $lookup: {
            from: 'customers',
            localField: 'customerId',
            foreignField: '_id',
            as: 'customer',
          },
        },
        { $unwind: '$customer' },
        { $unwind: '$items' },
        { $group: { _id: '$customer.name', items: { $addToSet: '$items' } } },
        { $sort: { _id: 1 } },
      ])
      .toArray();
    expect(rows.map((r) => [r._id, [...(r['items'] as string[])].sort()])).toEqual([
      ['alice', ['a', 'b', 'c']],
      ['bob', ['a']],
    ]);
  });

  it('runs $facet with $count, $skip and $limit', async () => {
    const [facets] = await t.db
      .collection('orders')
      .aggregate([
        { $sort: { total: 1 } },
        {
          $facet: {
            total: [{ $count: 'n' }],
            page: [{ $skip: 1 }, { $limit: 2 }, { $project: { _id: 0, total: 1 } }],
          },
        },
      ])
      .toArray();
    expect(facets).toEqual({ total: [{ n: 4 }], page: [{ total: 10 }, { total: 30 }] });
  });

  it('supports $addFields $set $unset and $count', async () => {
    const rows = await t.db
      .collection('orders')
      .aggregate([
        { $match: { customerId: bob } },
        { $addFields: { double: { $multiply: ['$total', 2] } } },
        { $set: { label: { $concat: ['$status', '!'] } } },
        { $unset: ['items', '_id', 'customerId'] },
        { $sort: { total: 1 } },
      ])
      .toArray();
    expect(rows).toEqual([
      { status: 'paid', total: 5, double: 10, label: 'paid!' },
      { status: 'void', total: 100, double: 200, label: 'void!' },
    ]);
    const [counted] = await t.db
      .collection('orders')
      .aggregate([{ $match: { total: { $gt: 6 } } }, { $count: 'big' }])
      .toArray();
    expect(counted).toEqual({ big: 3 });
  });

  it('never changes stored documents while transforming them', async () => {
    await t.db
      .collection('orders')
      .aggregate([{ $set: { status: 'changed', 'nested.x': 1 } }])
      .toArray();
    expect(await t.db.collection('orders').countDocuments({ status: 'changed' })).toBe(0);
    expect(await t.db.collection('orders').countDocuments({ nested: { $exists: true } })).toBe(0);
  });

  it('adds top-level fields without copying or changing stored documents', async () => {
    const c = t.db.collection<{ _id: number; a: unknown; n: number }>('agg-shallow');
    await c.insertOne({ _id: 1, a: { b: 1 }, n: 2 });
    const [row] = await c
      .aggregate([{ $set: { a: 'replaced', twice: { $multiply: ['$n', 2] } } }])
      .toArray();
    expect(row).toEqual({ _id: 1, a: 'replaced', n: 2, twice: 4 });
    expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, a: { b: 1 }, n: 2 });
  });

  it('pages large aggregation results through getMore', async () => {
    const c = t.db.collection('agg-many');
    await c.insertMany(Array.from({ length: 300 }, (_, i) => ({ i })));
    const rows = await c.aggregate([{ $sort: { i: -1 } }], { batchSize: 40 }).toArray();
    expect(rows).toHaveLength(300);
    expect(rows[0]?.['i']).toBe(299);
  });
});
