import {
  CATEGORY_IDS,
  DEFAULT_LOCALE,
  LOCALES,
  PLATFORMS,
  activationGuidePath,
  type Locale,
} from '@market/shared';
import { categoryPath, localizedPath, productPath } from '../../i18n/routes.ts';

/** One page of the site: its path in every locale, and when its data last changed. */
export interface SitemapEntry {
  paths: Record<Locale, string>;
  /** ISO 8601 date-time of the data's last change (`updatedAt`), when known. */
  lastmod?: string | undefined;
}

/** A child sitemap listed by the index: its path on the site and its newest change. */
export interface SitemapChild {
  path: string;
  lastmod?: string | undefined;
}

/** The child sitemap of the pages that always exist; the products' are numbered from 1. */
export const PAGES_SITEMAP_PATH = '/sitemap-pages.xml';
export const productsSitemapPath = (page: number) => `/sitemap-products-${page}.xml`;

/** The entry of a locale-neutral path (`/category/games`) in every locale. */
export function localizedEntry(path: string): SitemapEntry {
  return { paths: pathsIn((locale) => localizedPath(locale, path)) };
}

/** The entry of a product page; its id and slug are the same in every locale. */
export function productEntry(id: string, slug: string, lastmod?: string): SitemapEntry {
  return { paths: pathsIn((locale) => productPath(locale, id, slug)), lastmod };
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
        ...(entry.lastmod ? [`    <lastmod>${escapeXml(entry.lastmod)}</lastmod>`] : []),
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

/**
 * The sitemap index of the site at `origin` (`/sitemap.xml`): one `<sitemap>` per child, each
 * child at most 50,000 URLs, so the site can list any number of products.
 */
export function sitemapIndexXml(origin: string, children: readonly SitemapChild[]): string {
  const sitemaps = children.map((child) =>
    [
      '  <sitemap>',
      `    <loc>${escapeXml(new URL(child.path, origin).href)}</loc>`,
      ...(child.lastmod ? [`    <lastmod>${escapeXml(child.lastmod)}</lastmod>`] : []),
      '  </sitemap>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...sitemaps,
    '</sitemapindex>',
    '',
  ].join('\n');
}

/**
 * The children of the index: the pages that always exist (dated by the newest product change:
 * the home and the listings show products), then one per page of products.
 */
export function sitemapChildren(pages: ReadonlyArray<{ page: number; lastmod: string }>) {
  const newest = pages.reduce<string | undefined>(
    (latest, { lastmod }) => (!latest || lastmod > latest ? lastmod : latest),
    undefined,
  );
  return [
    { path: PAGES_SITEMAP_PATH, lastmod: newest },
    ...pages.map(({ page, lastmod }) => ({ path: productsSitemapPath(page), lastmod })),
  ];
}
