import { describe, expect, it } from 'vitest';
import { MongoClient } from 'mongodb';
import { useTestEngine } from '@market/embedded-mongo/testkit';
import { createSharedCounters, type CounterDoc } from './shared-counters.ts';

const t = useTestEngine();

let n = 0;
/** A collection of its own per test, so counts never cross tests. */
const freshCollection = () => t.db.collection<CounterDoc>(`counters${n++}`);
const MINUTE = 60_000;
/** A minute's start an hour ahead: the windows' documents outlive the test (TTL on `expire`). */
const START = (Math.floor(Date.now() / MINUTE) + 60) * MINUTE;
/** The shared document's key of `counter`'s one-minute window at `at`. */
const windowKey = (counter: string, at = START) => `${counter}@${Math.floor(at / MINUTE)}`;

describe('shared abuse-limit counters', () => {
  it('counts at once in one instance and refuses past the limit until the window ends', async () => {
    let clock = START;
    const counters = createSharedCounters(freshCollection(), { now: () => clock });
    expect([1, 2, 3].map(() => counters.consume('checkout:ip:a', 3, MINUTE))).toEqual([0, 0, 0]);
    expect(counters.consume('checkout:ip:a', 3, MINUTE)).toBe(MINUTE);
    expect(counters.consume('checkout:ip:b', 3, MINUTE)).toBe(0); // another caller is not held
    clock += 45_000;
    expect(counters.consume('checkout:ip:a', 3, MINUTE)).toBe(15_000);
    clock += 15_000;
    expect(counters.consume('checkout:ip:a', 3, MINUTE)).toBe(0);
  });

  it("learns the other instances' counts with each batch", async () => {
    const collection = freshCollection();
    const first = createSharedCounters(collection, { now: () => START });
    const second = createSharedCounters(collection, { now: () => START });
    expect(first.consume('login:ip:a', 3, MINUTE)).toBe(0);
    expect(first.consume('login:ip:a', 3, MINUTE)).toBe(0);
    await first.flush();
    expect(await collection.findOne({ key: windowKey('login:ip:a') })).toMatchObject({ points: 2 });
    // The second instance counts its first request before it has heard of the others'…
    expect(second.consume('login:ip:a', 3, MINUTE)).toBe(0);
    await second.flush();
    // …and then knows the caller has used all three.
    expect(second.consume('login:ip:a', 3, MINUTE)).toBeGreaterThan(0);
    expect(await collection.findOne({ key: windowKey('login:ip:a') })).toMatchObject({ points: 3 });
  });

  it('shares each window in a document of its own, which expires with it', async () => {
    let clock = START;
    const collection = freshCollection();
    const counters = createSharedCounters(collection, { now: () => clock });
    counters.consume('coupon:user:u', 5, MINUTE);
    counters.consume('coupon:user:u', 5, MINUTE);
    await counters.flush();
    clock += MINUTE;
    counters.consume('coupon:user:u', 5, MINUTE);
    await counters.flush();
    expect(
      await collection.find({}, { projection: { _id: 0 }, sort: { expire: 1 } }).toArray(),
    ).toEqual([
      { key: windowKey('coupon:user:u', clock - MINUTE), points: 2, expire: new Date(clock) },
      { key: windowKey('coupon:user:u', clock), points: 1, expire: new Date(clock + MINUTE) },
    ]);
  });

  it('goes on counting in memory when the database does not answer, and shares later', async () => {
    const client = await new MongoClient(t.engine.uri).connect();
    const name = `counters${n++}`;
    const errors: unknown[] = [];
    const counters = createSharedCounters(client.db(t.db.databaseName).collection(name), {
      now: () => START,
      onError: (err) => errors.push(err),
    });
    await client.close();
    expect(counters.consume('signUp:ip:a', 2, MINUTE)).toBe(0);
    expect(counters.consume('signUp:ip:a', 2, MINUTE)).toBe(0);
    await counters.flush();
    expect(errors).toHaveLength(1);
    expect(counters.consume('signUp:ip:a', 2, MINUTE)).toBeGreaterThan(0);
    await client.connect();
    await counters.flush();
    expect(await t.db.collection(name).findOne({ key: windowKey('signUp:ip:a') })).toMatchObject({
      points: 2,
    });
  });
});
