import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { Collection } from './collection.ts';
import { countDocs } from './commands/read.ts';
import { normalizeIndexSpec } from './indexes.ts';
import { compileFilter, findDocs } from './mql.ts';
import type { Doc } from './types.ts';

/** A small seeded generator, so a failure names the seed that reproduces it. */
function rng(seed: number) {
  let s = seed >>> 0 || 1;
  const next = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof rng>;

const DATES = [0, 1, 2, 3].map((d) => new Date(Date.UTC(2026, 0, 1 + d)));
const IDS = Array.from({ length: 4 }, () => new ObjectId());

/** Few distinct values, so there are many ties; sometimes missing, null or another type. */
function value(r: Rng, kind: 'num' | 'str' | 'date' | 'oid', messy: boolean): unknown {
  if (r.chance(0.08)) return undefined;
  if (r.chance(0.05)) return null;
  if (messy && r.chance(0.05)) return r.pick(['7', 3, true, DATES[0]]);
  switch (kind) {
    case 'num':
      return r.int(12) - 2 + (r.chance(0.1) ? 0.5 : 0);
    case 'str':
      return r.pick(['a', 'b', 'c', 'd', 'Z', '']);
    case 'date':
      return r.pick(DATES);
    case 'oid':
      return r.pick(IDS);
  }
}

function makeDoc(r: Rng, i: number, messy: boolean, arrays: boolean): Doc {
  const d: Doc = { _id: i };
  const set = (k: string, v: unknown) => v !== undefined && (d[k] = v);
  set('a', value(r, 'num', messy));
  set('b', value(r, 'str', messy));
  set('c', value(r, 'date', messy));
  set('o', value(r, 'oid', messy));
  if (arrays && r.chance(0.1)) d['a'] = [r.int(10), r.int(10)];
  if (r.chance(0.9)) d['n'] = { x: value(r, 'num', false) };
  return d;
}

const FIELDS = { a: 'num', b: 'str', c: 'date', o: 'oid', 'n.x': 'num' } as const;

function condition(r: Rng, kind: (typeof FIELDS)[keyof typeof FIELDS]): unknown {
  const v = () => value(r, kind, false) ?? value(r, kind, false) ?? 1;
  switch (r.int(7)) {
    case 0:
      return v();
    case 1:
      return { $in: [v(), v(), v()].filter((x) => x !== null) };
    case 2:
      return { $gte: v() };
    case 3:
      return { $gt: v(), $lte: v() };
    case 4:
      return { $ne: null };
    case 5:
      return { $lt: v(), $ne: null };
    default:
      return { $gte: v(), $lt: v(), $exists: true };
  }
}

function randomFilter(r: Rng): Doc {
  const filter: Doc = {};
  for (const [f, kind] of Object.entries(FIELDS))
    if (r.chance(0.35)) filter[f] = condition(r, kind);
  if (r.chance(0.1)) filter['$or'] = [{ a: { $gt: 3 } }, { b: 'a' }];
  // Branches an index narrows (a union of their candidates), some on a field the filter has too.
  else if (r.chance(0.15)) {
    filter['$or'] = Array.from({ length: 1 + r.int(3) }, () => {
      const f = r.pick(['a', 'b', 'c', 'o'] as const);
      return { [f]: condition(r, FIELDS[f]), ...(r.chance(0.3) && { 'n.x': { $ne: null } }) };
    });
  }
  return filter;
}

function randomSort(r: Rng): Doc | undefined {
  if (r.chance(0.2)) return undefined;
  const keys = Object.keys(FIELDS).sort(() => r.next() - 0.5);
  const sort: Doc = {};
  for (const k of keys.slice(0, 1 + r.int(3))) sort[k] = r.chance(0.5) ? 1 : -1;
  if (r.chance(0.3)) sort['_id'] = r.chance(0.5) ? 1 : -1;
  return sort;
}

const INDEXES = [
  { key: { a: 1 } },
  { key: { b: 1, a: -1 } },
  { key: { b: 1, c: 1, a: 1 } },
  { key: { c: -1 } },
  { key: { o: 1, 'n.x': 1 } },
  { key: { 'n.x': 1 }, sparse: true },
];

function build(r: Rng, n: number, messy: boolean, arrays: boolean): Collection {
  const coll = new Collection('db', 'c');
  for (const raw of INDEXES) coll.createIndex(normalizeIndexSpec(raw));
  for (let i = 0; i < n; i++) coll.insert(makeDoc(r, i, messy, arrays));
  // Updates and deletes, so the ordered entries follow changes (updates keep natural order).
  for (let i = 0; i < n / 4; i++) {
    const prev = coll.byId(r.int(n));
    if (!prev) continue;
    if (r.chance(0.3)) coll.remove(prev);
    else coll.replace(prev, { ...makeDoc(r, prev['_id'] as number, messy, arrays) });
  }
  for (let i = n; i < n + n / 10; i++) coll.insert(makeDoc(r, i, messy, arrays));
  return coll;
}

const ids = (docs: Doc[]) => docs.map((d) => d['_id']);

describe('query planning', () => {
  for (const [label, messy, arrays] of [
    ['plain values', false, false],
    ['mixed types', true, false],
    ['multikey arrays', false, true],
  ] as const) {
    it(`answers as a full scan does, ties included (${label})`, () => {
      for (let seed = 1; seed <= 8; seed++) {
        const r = rng(seed * 7919 + (messy ? 1 : 0) + (arrays ? 2 : 0));
        const coll = build(r, 300, messy, arrays);
        for (let q = 0; q < 60; q++) {
          const filter = randomFilter(r);
          const sort = randomSort(r);
          const skip = r.chance(0.3) ? r.int(20) : 0;
          const limit = r.chance(0.7) ? 1 + r.int(30) : 0;
          const spec = { filter, sort, skip, limit };
          const query = compileFilter(filter);
          const scanned = findDocs(coll.all(), spec, query);
          const planned = findDocs(coll.plan(filter, sort, limit ? skip + limit : 0), spec, query);
          const where = JSON.stringify({ seed, q, filter, sort, skip, limit });
          const all = coll.all().filter((d) => query.test(d)).length;
          // mingo orders arrays against scalars by a comparison that is not a total order, so
          // sorting a subset can differ from sorting everything: no plan can match it exactly.
          const arraySort = arrays && sort && 'a' in sort;
          if (sort && !arraySort) expect(ids(planned), where).toEqual(ids(scanned));
          else if (!skip && !limit && !arraySort)
            expect(ids(planned).sort(), where).toEqual(ids(scanned).sort());
          else {
            // Unsorted pages may be any matching documents (as on MongoDB), but as many.
            expect(
              planned.every((d) => query.test(d)),
              where,
            ).toBe(true);
            expect(planned.length, where).toBe(scanned.length);
          }
          expect(countDocs(coll, filter), where).toBe(all);
        }
      }
    });
  }

  it('walks an index for a sorted page instead of sorting every candidate', () => {
    const coll = new Collection('db', 'products');
    coll.createIndex(normalizeIndexSpec({ key: { categoryId: 1, eurMin: 1 } }));
    for (let i = 0; i < 2000; i++) {
      coll.insert({ _id: i, categoryId: `c${i % 4}`, eurMin: i % 7 ? (i * 7919) % 1000 : null });
    }
    const filter = { categoryId: 'c1', eurMin: { $ne: null } };
    const p = coll.plan(filter, { eurMin: 1, _id: 1 }, 24);
    expect(p.sorted).toBe(true);
    expect(p.exact).toBe(true);
    const spec = { filter, sort: { eurMin: 1, _id: 1 }, limit: 24 };
    expect(ids(findDocs(p, spec))).toEqual(ids(findDocs(coll.all(), spec)));
    // A range on the index answers by walking it: exact, so a count reads no document.
    const range = coll.plan({ categoryId: 'c2', eurMin: { $gte: 100, $lt: 300 } });
    expect(range.exact).toBe(true);
    expect(range.count?.()).toBe(
      coll
        .all()
        .filter(
          (d) =>
            d['categoryId'] === 'c2' &&
            (d['eurMin'] as number) >= 100 &&
            (d['eurMin'] as number) < 300,
        ).length,
    );
  });

  it("answers an $or from its branches' indexes when each has one", () => {
    const coll = new Collection('db', 'orders');
    coll.createIndex(normalizeIndexSpec({ key: { userId: 1, createdAt: -1 } }));
    coll.createIndex(normalizeIndexSpec({ key: { ip: 1, createdAt: -1 } }));
    coll.createIndex(normalizeIndexSpec({ key: { status: 1, createdAt: -1 } }));
    for (let i = 0; i < 1000; i++) {
      coll.insert({ _id: i, userId: `u${i % 100}`, ip: `ip${i % 250}`, status: 'pending' });
    }
    const filter = { status: 'pending', $or: [{ userId: 'u7' }, { ip: 'ip7' }] };
    const p = coll.plan(filter);
    // The user's 10 orders and the address's 4 (2 of them the user's): 12, not 1,000.
    expect([...p.docs]).toHaveLength(12);
    expect(p.exact).toBe(false);
    const spec = { filter };
    expect(ids(findDocs(p, spec))).toEqual(ids(findDocs(coll.all(), spec)));
    // A branch no index narrows: every document is a candidate.
    expect([...coll.plan({ $or: [{ userId: 'u7' }, { note: 'x' }] }).docs]).toHaveLength(1000);
  });

  it('stops using an index for ranges once a document makes it multikey', () => {
    const coll = new Collection('db', 'c');
    coll.createIndex(normalizeIndexSpec({ key: { a: 1 } }));
    coll.insert({ _id: 1, a: 5 });
    expect(coll.plan({ a: { $gt: 1 } }).exact).toBe(true);
    coll.insert({ _id: 2, a: [0, 9] });
    const p = coll.plan({ a: { $gt: 1 } });
    expect(p.exact).toBe(false);
    expect(findDocs(p, { filter: { a: { $gt: 1 } } }).map((d) => d['_id'])).toEqual([1, 2]);
    coll.remove(coll.byId(2) as Doc);
    expect(coll.plan({ a: { $gt: 1 } }).exact).toBe(true);
  });
});
