import type { ReadMemo } from '../../page-cache/read-memo.ts';
import { EVERY_PAGE, LISTINGS } from '../../page-cache/page-tags.ts';
import type { CategoryService } from './categories.service.ts';

/**
 * The public category reads every page render makes (breadcrumbs, menus), answered from memory
 * until a category changes (`page`, which category writes publish) or, for the product counts,
 * a product does (`listing`).
 */
export function memoizedCategories(service: CategoryService, memo: ReadMemo): CategoryService {
  return {
    ...service,
    list: (locale) => memo.get(`categories ${locale}`, [EVERY_PAGE], () => service.list(locale)),
    listWithNames: (locale) =>
      memo.get(`categories+names ${locale}`, [EVERY_PAGE], () => service.listWithNames(locale)),
    listWithCounts: (locale) =>
      memo.get(`categories+counts ${locale}`, [EVERY_PAGE, LISTINGS], () =>
        service.listWithCounts(locale),
      ),
    getById: (id, locale) =>
      memo.get(`category ${id} ${locale}`, [EVERY_PAGE], () => service.getById(id, locale)),
  };
}
