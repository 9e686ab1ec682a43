import { describe, expect, it } from 'vitest';
import { moveActive, readSuggestions, suggestPath } from './suggest.ts';

describe('readSuggestions', () => {
  it('reads the contract and keeps at most eight products', () => {
    const product = (i: number) => ({
      id: `p${i}`,
      name: `Game ${i}`,
      url: `/product/p${i}/game-${i}`,
      platform: 'steam',
      imageUrl: `/api/images/x/${i}.webp`,
      priceCents: 999,
    });
    const read = readSuggestions({
      products: Array.from({ length: 10 }, (_, i) => product(i)),
      categories: [{ id: 'games', name: 'Games', url: '/category/games' }],
    });
    expect(read?.products).toHaveLength(8);
    expect(read?.products[0]).toEqual(product(0));
    expect(read?.categories).toEqual([{ id: 'games', name: 'Games', url: '/category/games' }]);
  });

  it('drops items of another shape and answers null for an answer that is none', () => {
    expect(readSuggestions(null)).toBeNull();
    expect(readSuggestions({ error: 'not found' })).toBeNull();
    const read = readSuggestions({
      products: [{ id: 'p', name: 'P', url: '/p', imageUrl: '', priceCents: 'x' }, { id: 1 }],
      categories: [{ id: 'c' }],
    });
    expect(read).toEqual({
      products: [{ id: 'p', name: 'P', url: '/p', platform: '', imageUrl: null, priceCents: null }],
      categories: [],
    });
  });
});

describe('moveActive', () => {
  it('moves down and up through the options, wrapping at both ends', () => {
    expect(moveActive(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(2, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(0, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(-1, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(1, 3, 'a')).toBe(1);
    expect(moveActive(1, 0, 'ArrowDown')).toBe(-1);
  });
});

describe('suggestPath', () => {
  it('asks with the trimmed text, the locale and the currency', () => {
    expect(suggestPath('  gta v ', 'it', 'gbp')).toBe(
      '/api/public/products/suggest?q=gta+v&locale=it&currency=gbp',
    );
  });
});
