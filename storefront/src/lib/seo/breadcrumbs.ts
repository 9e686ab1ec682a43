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

/**
 * The trail of a page URL: its home (named after the shop), then the page itself, named `name`
 * (its heading; default: a label of its last path segment). The segments in between are no
 * pages (`/category`, `/support/docs`…), so they get no crumb: every crumb links to a page.
 */
export function breadcrumbsFromUrl(
  url: URL,
  homeName: string = url.host,
  name?: string,
): Breadcrumb[] {
  const locale = localeFromPath(url.pathname);
  const path = pathWithoutLocale(url.pathname);
  const home = { name: homeName, url: new URL(localizedPath(locale, '/'), url).href };
  if (path === '/') return [home];
  const last = path.split('/').pop() ?? '';
  return [
    home,
    {
      name: name ?? labelFromSegment(last),
      url: new URL(localizedPath(locale, path), url).href,
    },
  ];
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
