export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Name of the cookie that remembers the visitor's theme. */
export const THEME_COOKIE = 'theme';

/** The theme a cookie value asks for; light when it is missing or unknown. */
export function themeFromCookie(value: string | undefined): Theme {
  return value === 'dark' ? 'dark' : 'light';
}
