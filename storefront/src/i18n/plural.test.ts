import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { it as itMessages } from './it.ts';
import { plural } from './plural.ts';

describe('plural', () => {
  it.each([
    [0, '0 products'],
    [1, '1 product'],
    [2, '2 products'],
    [1234, '1,234 products'],
  ])('says %d in English as "%s"', (count, text) => {
    expect(plural('en', en.catalogue.results, count)).toBe(text);
  });

  it.each([
    [0, '0 prodotti'],
    [1, '1 prodotto'],
    [2, '2 prodotti'],
    [1000000, '1.000.000 prodotti'],
  ])('says %d in Italian as "%s"', (count, text) => {
    expect(plural('it', itMessages.catalogue.results, count)).toBe(text);
  });

  it('fills the other placeholders too', () => {
    expect(plural('en', en.product.rating, 1, { average: '4.5' })).toBe(
      'Rated 4.5 out of 5 from 1 review',
    );
    expect(plural('it', itMessages.product.rating, 3, { average: '4,5' })).toBe(
      'Valutato 4,5 su 5 da 3 recensioni',
    );
  });

  it('falls back to the other form when a category has none', () => {
    expect(plural('it', { other: '{count} x' }, 1)).toBe('1 x');
  });
});
