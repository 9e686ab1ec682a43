import { THEME_COOKIE, type Theme } from '../../lib/theme.ts';

/** The theme cookie lives a year. */
export const THEME_COOKIE_MAX_AGE = 31_536_000;

/** The other theme. */
export const otherTheme = (theme: Theme): Theme => (theme === 'dark' ? 'light' : 'dark');

/** The `document.cookie` assignment that saves `theme` for the whole site (read by the server). */
export function themeCookie(theme: Theme, secure: boolean): string {
  return `${THEME_COOKIE}=${theme}; path=/; max-age=${THEME_COOKIE_MAX_AGE}; samesite=lax${secure ? '; secure' : ''}`;
}
