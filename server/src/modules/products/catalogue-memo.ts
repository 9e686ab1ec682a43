import type { ReadMemo } from '../../page-cache/read-memo.ts';
import { ALL_PRODUCTS, EVERY_PAGE, LISTINGS, productTag } from '../../page-cache/page-tags.ts';
import { foldWords } from '../search/fold.ts';
import type { CatalogueService } from './products.service.ts';

/**
 * The public catalogue calls every page view and every crawler repeats (search, a product's
 * sales, products by id), answered from memory until a write changes what they read (tags of
 * `page-tags.ts`): search reads products (their price ranges follow offers: `listing`) and
 * platform names (`page`); sales read a product's offers and their sellers' names and ratings
 * (`products`); products by id read the products, their platforms and the first one's brand.
 */
export function memoizedCatalogue(
  catalogue: CatalogueService,
  memo: ReadMemo,
  /**
   * The search index's version: the index follows a write a few milliseconds after the tags drop
   * the memo, so an answer read in between is keyed on the version it was read at, never reused
   * once the index has moved on.
   */
  indexVersion: () => number | string = () => 0,
): CatalogueService {
  const productTags = (ids: readonly string[]) => ids.map((id) => productTag(id.toLowerCase()));
  return {
    ...catalogue,
    // Words too: the memo is bounded (its bytes, least recently used out first), so the queries
    // buyers repeat stay and the rest pass through. Keyed on the words as the index reads them
    // ("Emerald-Drift" = "emerald drift"), which is all the answer depends on.
    search: (req) =>
      memo.get(
        `search ${indexVersion()} ${JSON.stringify({ ...req, q: req.q ? foldWords(req.q) : null })}`,
        [LISTINGS, EVERY_PAGE],
        () => catalogue.search(req),
      ),
    infoMultipleSales: (ids, locale, currency) =>
      memo.get(
        `sales ${locale} ${currency} ${ids.join(',')}`,
        [...productTags(ids), ALL_PRODUCTS],
        () => catalogue.infoMultipleSales(ids, locale, currency),
      ),
    infoMultiple: (ids, locale) =>
      memo.get(`products ${locale} ${ids.join(',')}`, [...productTags(ids), EVERY_PAGE], () =>
        catalogue.infoMultiple(ids, locale),
      ),
  };
}
