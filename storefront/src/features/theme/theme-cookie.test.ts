import { describe, expect, it } from 'vitest';
import { themeFromCookie } from '../../lib/theme.ts';
import { otherTheme, themeCookie } from './theme-cookie.ts';

describe('otherTheme', () => {
  it('switches between light and dark', () => {
    expect(otherTheme('light')).toBe('dark');
    expect(otherTheme('dark')).toBe('light');
  });
});

describe('themeCookie', () => {
  it('saves the theme for the whole site for a year, Lax', () => {
    expect(themeCookie('dark', false)).toBe('theme=dark; path=/; max-age=31536000; samesite=lax');
  });

  it('is Secure on https', () => {
    expect(themeCookie('light', true)).toMatch(/; secure$/);
  });

  it('writes what the server reads back', () => {
    const value = /^theme=(\w+);/.exec(themeCookie('dark', false))?.[1];
    expect(themeFromCookie(value)).toBe('dark');
  });
});
