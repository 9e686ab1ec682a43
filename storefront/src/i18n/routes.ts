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

/** The page of a product in `locale`, addressed by id with the slug for readers. */
export function productPath(locale: Locale, id: string, slug: string): string {
  return localizedPath(locale, `/product/${encodeURIComponent(id)}/${encodeURIComponent(slug)}`);
}

/** The page of a category in `locale`. */
export function categoryPath(locale: Locale, id: string): string {
  return localizedPath(locale, `/category/${encodeURIComponent(id)}`);
}

/** The search page of the products carrying a tag (by the tag's id), in `locale`. */
export function tagPath(locale: Locale, tag: string): string {
  return `${localizedPath(locale, '/search')}?${new URLSearchParams({ tag })}`;
}
