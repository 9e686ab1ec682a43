import { describe, expect, it } from 'vitest';
import type { IndexDescription } from 'mongodb';
import { checkShape, shapesOfCommand } from './index-audit/esr.ts';
import { exemption } from './index-audit/exemptions.ts';

const ORDERS: IndexDescription[] = [
  { key: { userId: 1, createdAt: -1, _id: -1 } },
  { key: { status: 1, createdAt: -1, _id: -1 } },
  { key: { number: 1 }, unique: true },
  {
    key: { status: 1, reservationExpiresAt: 1 },
    partialFilterExpression: { status: 'pending' },
  },
];

const verdict = (command: Record<string, unknown>, indexes = ORDERS) => {
  const [name] = Object.keys(command);
  const [shape] = shapesOfCommand(name!, command);
  return checkShape(shape!, indexes);
};

describe('the index audit (equality, sort, range)', () => {
  it('lets through queries an index serves', () => {
    // Equality, then the sort in the index's order or all reversed.
    expect(
      verdict({ find: 'orders', filter: { userId: 'u' }, sort: { createdAt: -1, _id: -1 } }).ok,
    ).toBe(true);
    expect(
      verdict({ find: 'orders', filter: { userId: 'u' }, sort: { createdAt: 1, _id: 1 } }).ok,
    ).toBe(true);
    // Equality, sort, then a range on the sort field.
    expect(
      verdict({
        find: 'orders',
        filter: { status: 'approved', createdAt: { $lt: new Date() }, note: { $ne: null } },
        sort: { createdAt: -1, _id: -1 },
        limit: 20,
      }).ok,
    ).toBe(true);
    // A partial index whose filter the query repeats.
    expect(
      verdict({
        find: 'orders',
        filter: { status: 'pending', reservationExpiresAt: { $lt: new Date() } },
      }).ok,
    ).toBe(true);
    // Point lookups: _id, or a unique index's keys, sorted or not.
    expect(
      verdict({ find: 'orders', filter: { _id: { $in: [1, 2, 3] } }, sort: { total: 1 } }).ok,
    ).toBe(true);
    expect(
      verdict({ findAndModify: 'orders', query: { number: 'A-1', status: 'pending' } }).ok,
    ).toBe(true);
    // Each $or branch has its index.
    expect(
      verdict({ find: 'orders', filter: { $or: [{ userId: 'u' }, { status: 'review' }] } }).ok,
    ).toBe(true);
    // A one-value $in is an equality.
    expect(
      verdict({
        find: 'orders',
        filter: { userId: { $in: ['u'] } },
        sort: { createdAt: -1, _id: -1 },
      }).ok,
    ).toBe(true);
  });

  it('reads sorts as the driver sends them, merges short $in lists, and takes keys after the sort', () => {
    // The driver sends a sort as a Map.
    const sorted = verdict({
      find: 'orders',
      filter: { userId: 'u' },
      sort: new Map([
        ['createdAt', -1],
        ['_id', 1],
      ]),
    });
    expect(sorted.ok).toBe(false);
    // A few states in an $in: MongoDB merges their sorted runs.
    const indexes = [{ key: { kind: 1, status: 1, nextAttemptAt: 1, leaseUntil: 1 } }];
    expect(
      verdict(
        {
          findAndModify: 'jobs',
          query: { kind: 'a', status: { $in: ['pending', 'failed'] }, leaseUntil: null },
          sort: { nextAttemptAt: 1 },
        },
        indexes,
      ).ok,
    ).toBe(true);
  });

  it('refuses queries that scan a collection or sort in memory, naming the closest index', () => {
    // A sort the index does not end with its _id tie-breaker in the same direction.
    const mixed = verdict({
      find: 'orders',
      filter: { userId: 'u' },
      sort: { createdAt: -1, _id: 1 },
    });
    expect(mixed).toMatchObject({ ok: false, closest: '{userId: 1, createdAt: -1, _id: -1}' });
    // A range before the sort: the range field is not in the index after the equality.
    const range = verdict({
      find: 'orders',
      filter: { status: 'approved', deliveredAt: null, updatedAt: { $lt: new Date() } },
    });
    expect(range).toMatchObject({ ok: false, closest: '{status: 1, createdAt: -1, _id: -1}' });
    if (!range.ok) expect(range.reason).toMatch(/deliveredAt/);
    // A partial index the query does not repeat the filter of.
    expect(
      verdict({ find: 'orders', filter: { reservationExpiresAt: { $lt: new Date() } } }).ok,
    ).toBe(false);
    // A sort after a many-value $in is a blocking sort.
    expect(
      verdict({
        find: 'orders',
        filter: { userId: { $in: ['u', 'v'] } },
        sort: { createdAt: -1, _id: -1 },
      }).ok,
    ).toBe(false);
    // One $or branch without an index.
    expect(
      verdict({ find: 'orders', filter: { $or: [{ userId: 'u' }, { ip: '1.2.3.4' }] } }).ok,
    ).toBe(false);
    // Only negations, or nothing at all without a limit: the whole collection.
    expect(verdict({ find: 'orders', filter: { status: { $ne: 'cancelled' } } }).ok).toBe(false);
    expect(verdict({ find: 'orders', filter: {} }).ok).toBe(false);
    expect(verdict({ find: 'orders', filter: {}, limit: 1 }).ok).toBe(true);
    // A leading $match of an aggregation, and a $lookup's foreign field.
    expect(
      verdict({ aggregate: 'orders', pipeline: [{ $match: { ip: '1.2.3.4' } }, { $count: 'n' }] })
        .ok,
    ).toBe(false);
    const lookup = shapesOfCommand('aggregate', {
      aggregate: 'products',
      pipeline: [
        { $match: { _id: { $in: [1] } } },
        { $lookup: { from: 'offers', localField: '_id', foreignField: 'productId', as: 'o' } },
      ],
    });
    expect(lookup.map((s) => s.collection)).toEqual(['products', 'offers']);
    expect(checkShape(lookup[1]!, []).ok).toBe(false);
    expect(checkShape(lookup[1]!, [{ key: { productId: 1, sellerId: 1 } }]).ok).toBe(true);
  });

  it('exempts only the reference collections and the catalogue search by words', () => {
    const [search] = shapesOfCommand('find', {
      find: 'products',
      filter: { 'name.en': { $regex: 'witcher', $options: 'i' }, categoryId: 'games' },
    });
    expect(exemption(search!)).toMatch(/search/);
    const [byCategory] = shapesOfCommand('find', { find: 'products', filter: { region: 'EU' } });
    expect(exemption(byCategory!)).toBeNull();
    const [platforms] = shapesOfCommand('find', { find: 'platforms', filter: {} });
    expect(exemption(platforms!)).not.toBeNull();
  });
});
