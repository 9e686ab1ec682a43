import type { ReadMemo } from '../../page-cache/read-memo.ts';
import { ALL_PRODUCTS, EVERY_PAGE, HOME, LISTINGS } from '../../page-cache/page-tags.ts';
import type { PublicStateService } from './state.service.ts';

/**
 * `public/state` (what every home render asks: statistics over every live offer, the most used
 * tags, the best-stocked products, reference data, home content, latest reviews) answered from
 * memory until a write changes one of them: offers and products (`listing`), reference data
 * (`page`), home content and reviews (`home`), sellers (`products`).
 */
export function memoizedPublicState(
  service: PublicStateService,
  memo: ReadMemo,
): PublicStateService {
  return {
    ...service,
    get: (locale) =>
      memo.get(`state ${locale}`, [HOME, LISTINGS, EVERY_PAGE, ALL_PRODUCTS], () =>
        service.get(locale),
      ),
  };
}
