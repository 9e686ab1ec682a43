import { LOCALES } from '@market/shared';
import { localizedPath } from '../../i18n/routes.ts';

// Consoles and per-visitor pages hold nothing worth indexing.
const PRIVATE_PATHS = ['/admin', '/seller'];
const PRIVATE_LOCALIZED_PATHS = ['/account', '/cart', '/checkout'];

/** The robots.txt of the site at `origin`: allow all but private areas, point to the sitemap. */
export function robotsTxt(origin: string): string {
  const disallowed = [
    ...PRIVATE_PATHS,
    ...LOCALES.flatMap((locale) =>
      PRIVATE_LOCALIZED_PATHS.map((path) => localizedPath(locale, path)),
    ),
  ];
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
    '',
  ].join('\n');
}
