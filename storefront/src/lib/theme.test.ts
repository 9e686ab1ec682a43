import { describe, expect, it } from 'vitest';
import { themeFromCookie } from './theme.ts';

describe('themeFromCookie', () => {
  it('honours a dark or light cookie', () => {
    expect(themeFromCookie('dark')).toBe('dark');
    expect(themeFromCookie('light')).toBe('light');
  });

  it('defaults to light when the cookie is missing or unknown', () => {
    expect(themeFromCookie(undefined)).toBe('light');
    expect(themeFromCookie('blue')).toBe('light');
  });
});
