import { describe, expect, it } from 'vitest';
import { useTestEngine } from './testkit.ts';

const t = useTestEngine();

describe('atomic read-modify-write', () => {
  it('gives 200 concurrent claims on 50 documents exactly 50 winners, none twice', async () => {
    const keys = t.db.collection('keys');
    await keys.insertMany(
      Array.from({ length: 50 }, (_, i) => ({ code: `k${i}`, status: 'available' })),
    );
    const claims = await Promise.all(
      Array.from({ length: 200 }, (_, buyer) =>
        keys.findOneAndUpdate(
          { status: 'available' },
          { $set: { status: 'sold', buyer } },
          { returnDocument: 'after' },
        ),
      ),
    );
    const won = claims.filter((c) => c !== null);
    expect(won).toHaveLength(50);
    expect(new Set(won.map((d) => d['code'])).size).toBe(50);
    expect(new Set(won.map((d) => d['buyer'])).size).toBe(50);
    expect(await keys.countDocuments({ status: 'available' })).toBe(0);
  });

  it('keeps concurrent $inc updates exact', async () => {
    const counters = t.db.collection('counters');
    await counters.insertOne({ _id: 'c' as never, n: 0 });
    await Promise.all(
      Array.from({ length: 300 }, () =>
        counters.updateOne({ _id: 'c' as never }, { $inc: { n: 1 } }),
      ),
    );
    expect((await counters.findOne({ _id: 'c' as never }))?.['n']).toBe(300);
  });
});
