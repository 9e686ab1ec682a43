import { describe, expect, it } from 'vitest';
import { centsToInput, formatCents, inputToCents } from './cents.ts';

describe('offer prices', () => {
  it('formats cents in the currency and locale', () => {
    expect(formatCents(1999, 'eur', 'en')).toBe('€19.99');
    expect(formatCents(500, 'gbp', 'en')).toBe('£5.00');
    expect(formatCents(1999, 'usd', 'en')).toBe('$19.99');
  });

  it('shows cents as units in an input and reads them back as cents', () => {
    expect(centsToInput(1999)).toBe('19.99');
    expect(centsToInput(undefined)).toBe('');
    expect(inputToCents('19.99')).toBe(1999);
    expect(inputToCents(4.995)).toBe(500);
    expect(inputToCents('1,05')).toBe(105);
    expect(inputToCents('')).toBeNull();
    expect(inputToCents(null)).toBeNull();
    expect(inputToCents('abc')).toBeNaN();
  });
});
