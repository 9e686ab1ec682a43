import {
  CATEGORY_IDS,
  DEFAULT_LOCALE,
  LOCALES,
  PLATFORMS,
  activationGuidePath,
  type Locale,
} from '@market/shared';
import { categoryPath, localizedPath, productPath } from '../../i18n/routes.ts';

/** One page of the site: its path in every locale. */
export interface SitemapEntry {
  paths: Record<Locale, string>;
}

/** The entry of a locale-neutral path (`/category/games`) in every locale. */
export function localizedEntry(path: string): SitemapEntry {
  return { paths: pathsIn((locale) => localizedPath(locale, path)) };
}

/** The entry of a product page; its id and slug are the same in every locale. */
export function productEntry(id: string, slug: string): SitemapEntry {
  return { paths: pathsIn((locale) => productPath(locale, id, slug)) };
}

/**
 * The pages that exist whatever the catalogue holds: home, categories, activation guides, and
 * how offers are ranked.
 */
export function staticSitemapEntries(): SitemapEntry[] {
  const guides = PLATFORMS.map((platform) => activationGuidePath(platform.slug)).filter(
    (path): path is string => path !== null,
  );
  return [
    localizedEntry('/'),
    ...CATEGORY_IDS.map((id) => ({ paths: pathsIn((locale) => categoryPath(locale, id)) })),
    ...guides.map(localizedEntry),
    localizedEntry('/ranking'),
  ];
}

function pathsIn(pathOf: (locale: Locale) => string): Record<Locale, string> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, pathOf(locale)])) as Record<
    Locale,
    string
  >;
}

/** Text escaped for an XML element or a double-quoted attribute. */
export function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/**
 * The sitemap of the site at `origin`: one `<url>` per entry and locale, each with its
 * alternates in every locale and `x-default` (the default locale), all absolute.
 */
export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const absolute = (path: string) => escapeXml(new URL(path, origin).href);
  const urls = entries.flatMap((entry) => {
    const alternates = [
      ...LOCALES.map((locale) => ({ hreflang: locale, href: absolute(entry.paths[locale]) })),
      { hreflang: 'x-default', href: absolute(entry.paths[DEFAULT_LOCALE]) },
    ].map(
      ({ hreflang, href }) =>
        `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${href}"/>`,
    );
    return LOCALES.map((locale) =>
      [
        '  <url>',
        `    <loc>${absolute(entry.paths[locale])}</loc>`,
        ...alternates,
        '  </url>',
      ].join('\n'),
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
