import { describe, expect, it } from 'vitest';
import { useTestEngine } from './testkit.ts';

const t = useTestEngine();

const opcounters = async () =>
  (await t.db.admin().command({ serverStatus: 1 }))['opcounters'] as Record<string, number>;

describe('serverStatus opcounters', () => {
  it('counts documents inserted, statements, finds and other commands as MongoDB does', async () => {
    const before = await opcounters();
    const things = t.db.collection('things');
    await things.insertMany([{ n: 1 }, { n: 2 }, { n: 3 }]);
    await things.bulkWrite([
      { updateOne: { filter: { n: 1 }, update: { $set: { a: 1 } } } },
      { updateMany: { filter: {}, update: { $inc: { b: 1 } } } },
      { deleteOne: { filter: { n: 3 } } },
    ]);
    await things.find({ n: { $gt: 0 } }).toArray();
    await things.findOneAndUpdate({ n: 2 }, { $set: { c: 1 } });
    const after = await opcounters();
    expect({
      insert: after['insert']! - before['insert']!,
      update: after['update']! - before['update']!,
      delete: after['delete']! - before['delete']!,
      query: after['query']! - before['query']!,
    }).toEqual({ insert: 3, update: 2, delete: 1, query: 1 });
    // findAndModify, and the serverStatus that read the first figures (the driver's own
    // heartbeats count too, on their connection).
    expect(after['command']! - before['command']!).toBeGreaterThanOrEqual(2);
  });
});
