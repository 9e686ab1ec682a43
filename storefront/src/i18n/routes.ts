import { DEFAULT_LOCALE, LOCALES, type Locale } from '@market/shared';

// Every locale but the default lives under its own first path segment (`/it/…`).
function isPrefixedLocale(segment: string | undefined): segment is Locale {
  return segment !== DEFAULT_LOCALE && (LOCALES as readonly string[]).includes(segment ?? '');
}

/** Normalises a path: leading slash, no trailing slash except for the root. */
function normalizePath(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}`;
}

/** The URL path of a locale-neutral `path` in `locale` (`('it', '/')` → `/it/`). */
export function localizedPath(locale: Locale, path: string): string {
  const neutral = normalizePath(path);
  if (locale === DEFAULT_LOCALE) return neutral;
  return neutral === '/' ? `/${locale}/` : `/${locale}${neutral}`;
}

/** The locale a URL path is in, from its first segment. */
export function localeFromPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return isPrefixedLocale(first) ? first : DEFAULT_LOCALE;
}

/** The locale-neutral, normalised form of a URL path (`/it/category/` → `/category`). */
export function pathWithoutLocale(pathname: string): string {
  const segments = pathname.split('/');
  if (isPrefixedLocale(segments[1])) segments.splice(1, 1);
  return normalizePath(segments.join('/'));
}
