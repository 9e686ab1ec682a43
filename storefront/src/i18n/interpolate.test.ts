import { describe, expect, it } from 'vitest';
import { interpolate } from './interpolate.ts';

describe('interpolate', () => {
  it('fills every occurrence of each placeholder', () => {
    expect(interpolate('{a} and {b}, {a} again', { a: 'x', b: 2 })).toBe('x and 2, x again');
  });

  it('leaves unknown placeholders and other braces alone', () => {
    expect(interpolate('{known} {unknown} {not a placeholder}', { known: 'k' })).toBe(
      'k {unknown} {not a placeholder}',
    );
  });

  it('does not read inherited properties as values', () => {
    expect(interpolate('{toString}', {})).toBe('{toString}');
  });
});
