import { localeFromPath, localizedPath, pathWithoutLocale } from '../../i18n/routes.ts';
import { labelFromSegment } from '../format.ts';

export interface Breadcrumb {
  name: string;
  url: string;
}

/** The trail of a page URL: its home named after the host, then one crumb per path segment. */
export function breadcrumbsFromUrl(url: URL): Breadcrumb[] {
  const locale = localeFromPath(url.pathname);
  const segments = pathWithoutLocale(url.pathname).split('/').filter(Boolean);
  const home = { name: url.host, url: new URL(localizedPath(locale, '/'), url).href };
  const crumbs = segments.map((segment, index) => ({
    name: labelFromSegment(segment),
    url: new URL(localizedPath(locale, segments.slice(0, index + 1).join('/')), url).href,
  }));
  return [home, ...crumbs];
}
