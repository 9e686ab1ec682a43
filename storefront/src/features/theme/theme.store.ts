import { atom } from 'nanostores';
import { themeFromCookie, type Theme } from '../../lib/theme.ts';
import { themeCookie } from './theme-cookie.ts';

/** The page's theme, as the server rendered it on `<html data-theme>`. */
export const $theme = atom<Theme>(themeFromCookie(document.documentElement.dataset.theme));

/** Switches the page at once and saves the choice, which the server renders from then on. */
export function setTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.cookie = themeCookie(theme, location.protocol === 'https:');
  $theme.set(theme);
}
