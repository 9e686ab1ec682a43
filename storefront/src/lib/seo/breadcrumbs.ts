import { localeFromPath, localizedPath, pathWithoutLocale } from '../../i18n/routes.ts';
import { labelFromSegment } from '../format.ts';

export interface Breadcrumb {
  name: string;
  url: string;
}

/**
 * The breadcrumb trail of a page URL, built from its segments as the spec says (§2): hyphens
 * become spaces, the first letter is capitalised, and the first segment (the root) is replaced by
 * the host. A crumb must lead to a page, so segments that are no page of their own (`/category`,
 * `/product/<id>`, `/support/docs/guides`) get none: the trail is the host, then the page's last
 * segment (`/it/category/gift-cards` → "localhost:8080", "Gift cards"). Links stay in the page's
 * language (the `/it` prefix belongs to the root); the query string is ignored.
 */
export function breadcrumbsFromUrl(url: URL): Breadcrumb[] {
  const locale = localeFromPath(url.pathname);
  const segments = pathWithoutLocale(url.pathname).split('/').filter(Boolean);
  const at = (path: string) => new URL(localizedPath(locale, path), url).href;
  const root = { name: url.host, url: at('/') };
  const last = segments.at(-1);
  if (last === undefined) return [root];
  return [root, { name: labelFromSegment(last), url: at(`/${segments.join('/')}`) }];
}
