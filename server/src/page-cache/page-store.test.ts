import { describe, expect, it } from 'vitest';
import { createPageStore, type PageEntry } from './page-store.ts';

const entryOf = (tags: string[], bytes = 1000, storedAt = 0): PageEntry => ({
  status: 200,
  headers: {},
  body: { identity: Buffer.alloc(bytes), gzip: Buffer.alloc(10), br: Buffer.alloc(10) },
  etag: '"x"',
  tags,
  storedAt,
});

function storeAt(clock: { now: number }, maxBytes = 100_000) {
  return createPageStore({ maxBytes, freshMs: 1_000, maxAgeMs: 10_000, now: () => clock.now });
}

describe('page store', () => {
  it('serves an entry fresh, then stale, then not at all past its max age', () => {
    const clock = { now: 0 };
    const store = storeAt(clock);
    store.store('/p', entryOf(['page']), store.since());
    expect(store.get('/p')?.state).toBe('fresh');
    clock.now = 1_500;
    expect(store.get('/p')?.state).toBe('stale');
    clock.now = 10_001;
    expect(store.get('/p')).toBeUndefined();
  });

  it('drops exactly the entries carrying an invalidated tag', () => {
    const store = storeAt({ now: 0 });
    store.store('/product/a', entryOf(['page', 'product:a']), store.since());
    store.store('/product/b', entryOf(['page', 'product:b']), store.since());
    store.store('/', entryOf(['page', 'listing']), store.since());
    expect(store.invalidate(['product:a'])).toBe(1);
    expect(store.get('/product/a')).toBeUndefined();
    expect(store.get('/product/b')).toBeDefined();
    expect(store.invalidate(['page'])).toBe(2);
    expect(store.stats().entries).toBe(0);
  });

  it('does not keep a render that started before a write to one of its tags', () => {
    const store = storeAt({ now: 0 });
    const since = store.since();
    store.invalidate(['product:a']);
    expect(store.store('/product/a', entryOf(['product:a']), since)).toBe(false);
    expect(store.store('/product/b', entryOf(['product:b']), since)).toBe(true);
    // A render started after the write is kept.
    expect(store.store('/product/a', entryOf(['product:a']), store.since())).toBe(true);
  });

  it('holds no more bytes than its bound, evicting the least recently used first', () => {
    const store = storeAt({ now: 0 }, 5_000);
    for (const key of ['/1', '/2', '/3', '/4']) store.store(key, entryOf(['page']), store.since());
    expect(store.stats().bytes).toBeLessThanOrEqual(5_000);
    expect(store.get('/1')).toBeUndefined();
    expect(store.get('/4')).toBeDefined();
    // A page larger than the whole bound is not kept at all.
    expect(store.store('/big', entryOf(['page'], 6_000), store.since())).toBe(false);
    // An evicted entry's tags no longer name it.
    const held = store.stats().entries;
    expect(held).toBe(3);
    expect(store.invalidate(['page'])).toBe(held);
  });

  it('replaces an entry under the same key without leaving its old tags behind', () => {
    const store = storeAt({ now: 0 });
    store.store('/p', entryOf(['old']), store.since());
    store.store('/p', entryOf(['new']), store.since());
    expect(store.invalidate(['old'])).toBe(0);
    expect(store.invalidate(['new'])).toBe(1);
  });
});
