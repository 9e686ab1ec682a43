import { beforeEach, describe, expect, it } from 'vitest';
import { Index } from './indexes.ts';
import { useTestEngine } from './testkit.ts';

describe('compound index prefixes', () => {
  const spec = { v: 2, key: { productId: 1, sellerId: 1 }, name: 'productId_1_sellerId_1' };

  it('finds documents by the leading field alone, and forgets them when removed', () => {
    const ix = new Index(spec);
    const a = { _id: 'a', productId: 'p1', sellerId: 's1' };
    const b = { _id: 'b', productId: 'p1', sellerId: 's2' };
    ix.add('a', 0, ix.entriesOf(a));
    ix.add('b', 1, ix.entriesOf(b));
    expect([...(ix.lookup(['p1']) ?? [])]).toEqual(['a', 'b']);
    expect([...(ix.lookup(['p1', 's2']) ?? [])]).toEqual(['b']);
    ix.remove('a', 0, ix.entriesOf(a));
    expect([...(ix.lookup(['p1']) ?? [])]).toEqual(['b']);
    ix.remove('b', 1, ix.entriesOf(b));
    expect(ix.lookup(['p1'])).toBeUndefined();
  });

  it('indexes each element of a multikey leading field once', () => {
    const ix = new Index({ v: 2, key: { tags: 1, n: 1 }, name: 'tags_1_n_1' });
    const doc = { _id: 'd', tags: ['x', 'y', 'x'], n: 1 };
    ix.add('d', 0, ix.entriesOf(doc));
    expect([...(ix.lookup(['x']) ?? [])]).toEqual(['d']);
    expect([...(ix.lookup(['y']) ?? [])]).toEqual(['d']);
    ix.remove('d', 0, ix.entriesOf(doc));
    expect(ix.lookup(['x'])).toBeUndefined();
  });
});

describe('queries on a compound index prefix', () => {
  const t = useTestEngine();
  beforeEach(async () => {
    await t.db.dropDatabase();
  });

  it('follow updates of the leading field, for $eq and $in alike', async () => {
    const offers = t.db.collection('offers');
    await offers.createIndex({ productId: 1, sellerId: 1 }, { unique: true });
    await offers.insertMany([
      { productId: 'p1', sellerId: 's1' },
      { productId: 'p1', sellerId: 's2' },
      { productId: 'p2', sellerId: 's1' },
    ]);
    await offers.updateOne({ productId: 'p1', sellerId: 's2' }, { $set: { productId: 'p3' } });
    const sellersOf = async (filter: object) =>
      (await offers.find(filter).sort({ sellerId: 1 }).toArray()).map(
        (d) => `${d['productId']}/${d['sellerId']}`,
      );
    expect(await sellersOf({ productId: 'p1' })).toEqual(['p1/s1']);
    expect(await sellersOf({ productId: { $in: ['p2', 'p3'] } })).toEqual(['p2/s1', 'p3/s2']);
    await offers.deleteOne({ productId: 'p2' });
    expect(await offers.countDocuments({ productId: 'p2' })).toBe(0);
  });
});
