import {
  DEFAULT_LOCALE,
  type Locale,
  type PublicCategory,
  type SuggestRequest,
  type SuggestResult,
} from '@market/shared';
import { productPath } from '../products/store-product.ts';
import type { CatalogueIndex, IndexAnswer, IndexQuery } from './catalogue-index.ts';
import { foldWords } from './fold.ts';
import type { CatalogueIndexSync } from './search-sync.ts';
import type { SynonymService } from './synonyms.service.ts';

const SUGGESTED_PRODUCTS = 8;
const SUGGESTED_CATEGORIES = 3;

/** Catalogue search by words (the index) and the header's suggestions. */
export function createSearchService(deps: {
  index: CatalogueIndex;
  sync: Pick<CatalogueIndexSync, 'ready'>;
  synonyms: Pick<SynonymService, 'groups' | 'generation'>;
  categories: { list(locale: Locale): Promise<PublicCategory[]> };
}) {
  const { index, sync, synonyms, categories } = deps;
  return {
    /** Moves with every change of the index or the synonyms: answers kept are keyed on it. */
    version: () => `${index.version}.${synonyms.generation()}`,

    async search(q: IndexQuery): Promise<IndexAnswer> {
      await sync.ready();
      return index.search(q, await synonyms.groups());
    },

    async suggest(req: SuggestRequest): Promise<SuggestResult> {
      await sync.ready();
      const [groups, list] = await Promise.all([synonyms.groups(), categories.list(req.locale)]);
      const prefix = req.locale === DEFAULT_LOCALE ? '' : `/${req.locale}`;
      const typed = foldWords(req.q);
      const products = index.suggest(req.q, req.locale, groups, SUGGESTED_PRODUCTS).map((e) => ({
        id: e.id,
        name: e.name[req.locale] || e.name.en,
        url: productPath(req.locale, e.id, e.slug),
        platform: e.platform,
        imageUrl: e.imageUrl,
        priceCents: e.minPrice[req.currency],
      }));
      // A category whose name has a word starting with a typed word ("car" → Gift cards).
      const matching = list.filter((c) => {
        const words = foldWords(c.name);
        return typed.some((t) => t.length >= 2 && words.some((w) => w.startsWith(t)));
      });
      return {
        products,
        categories: matching.slice(0, SUGGESTED_CATEGORIES).map((c) => ({
          id: c.id,
          name: c.name,
          url: `${prefix}/category/${encodeURIComponent(c.id)}`,
        })),
      };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
