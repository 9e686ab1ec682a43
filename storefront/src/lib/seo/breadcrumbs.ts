import type { Locale } from '@market/shared';
import {
  categoryPath,
  localeFromPath,
  localizedPath,
  pathWithoutLocale,
  productPath,
} from '../../i18n/routes.ts';
import { labelFromSegment } from '../format.ts';

export interface Breadcrumb {
  name: string;
  url: string;
}

/** The trail of a page URL: its home (named after the shop), then one crumb per path segment. */
export function breadcrumbsFromUrl(url: URL, homeName: string = url.host): Breadcrumb[] {
  const locale = localeFromPath(url.pathname);
  const segments = pathWithoutLocale(url.pathname).split('/').filter(Boolean);
  const home = { name: homeName, url: new URL(localizedPath(locale, '/'), url).href };
  const crumbs = segments.map((segment, index) => ({
    name: labelFromSegment(segment),
    url: new URL(localizedPath(locale, segments.slice(0, index + 1).join('/')), url).href,
  }));
  return [home, ...crumbs];
}

/**
 * The trail of a product page: the home (named after the shop), the product's category (linking
 * to the category page), then the product itself; no crumb for the `/product/<id>` segments.
 */
export function productBreadcrumbs(input: {
  origin: string;
  locale: Locale;
  category: { id: string; name: string };
  product: { id: string; slug: string; name: string };
  /** The home crumb's name: the shop's (default: the origin's host). */
  homeName?: string;
}): Breadcrumb[] {
  const { origin, locale, category, product } = input;
  const absolute = (path: string) => new URL(path, origin).href;
  return [
    { name: input.homeName ?? new URL(origin).host, url: absolute(localizedPath(locale, '/')) },
    { name: category.name, url: absolute(categoryPath(locale, category.id)) },
    { name: product.name, url: absolute(productPath(locale, product.id, product.slug)) },
  ];
}
