import {
  activationGuidePath,
  CURRENCIES,
  DEFAULT_LOCALE,
  type Locale,
  type ProductPrices,
  type StoreProduct,
} from '@market/shared';
import type { ProductDoc } from './products.repository.ts';

/** The platform facts a product card shows. */
export type PlatformFacts = { name: string; guidePath: string | null };

/**
 * Localized path of a product page, as the storefront routes it: `/product/<id>/<slug>` in
 * English, `/it/product/<id>/<slug>` else. The id finds the product; the slug is for readers.
 */
export function productPath(locale: Locale, id: string, slug: string): string {
  const prefix = locale === DEFAULT_LOCALE ? '' : `/${locale}`;
  return `${prefix}/product/${encodeURIComponent(id)}/${encodeURIComponent(slug)}`;
}

/** A product text in `locale`; an Italian text an admin left empty falls back to English. */
export function localized(text: Record<Locale, string>, locale: Locale): string {
  return text[locale] || text[DEFAULT_LOCALE];
}

/** The product's live price range per currency; null where nobody sells it. */
export function productPrices(doc: Pick<ProductDoc, `${'eur' | 'usd' | 'gbp'}${'Min' | 'Max'}`>) {
  const prices = {} as ProductPrices;
  for (const c of CURRENCIES) {
    const min = doc[`${c}Min`];
    const max = doc[`${c}Max`];
    prices[c] = min === null || max === null ? null : { min, max };
  }
  return prices;
}

/** A product as the storefront shows it, in `locale`; an unknown platform is named by its slug. */
export function toStoreProduct(
  doc: ProductDoc,
  locale: Locale,
  platform: PlatformFacts | undefined,
): StoreProduct {
  const id = doc._id.toHexString();
  return {
    id,
    slug: doc.slug,
    url: productPath(locale, id, doc.slug),
    name: localized(doc.name, locale),
    description: localized(doc.description, locale),
    categoryId: doc.categoryId,
    brand: doc.brand,
    platform: doc.platform,
    platformName: platform?.name ?? doc.platform,
    guidePath: platform ? platform.guidePath : activationGuidePath(doc.platform),
    region: doc.region,
    type: doc.type,
    images: doc.images,
    tags: doc.tags,
    prices: productPrices(doc),
  };
}
