import { describe, expect, it } from 'vitest';
import { formatDay, formatRating, stars } from './rating.ts';

describe('rating display', () => {
  it('shows one decimal in the locale’s way', () => {
    expect(formatRating(4.5, 'en')).toBe('4.5');
    expect(formatRating(4.25, 'it')).toMatch(/^4,[23]$/);
    expect(formatRating(5, 'en')).toBe('5.0');
  });

  it('fills as many stars as the rounded rating', () => {
    expect(stars(4.4)).toBe('★★★★☆');
    expect(stars(0)).toBe('☆☆☆☆☆');
    expect(stars(9)).toBe('★★★★★');
  });

  it('formats a day without the time', () => {
    expect(formatDay('2026-11-20T23:30:00.000Z', 'en')).toBe('Nov 20, 2026');
  });
});
