import type { Locale, Macrocategory } from '@market/shared';
import type { MacrocategoryDoc, MacrocategoryRepository } from './macrocategories.repository.ts';

/** Macrocategories named in `locale`, sorted by that name with the locale's collation. */
export function localizedByName(docs: MacrocategoryDoc[], locale: Locale): Macrocategory[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return docs
    .map((d) => ({ id: d._id, name: d.name[locale] }))
    .sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id));
}

/** The public macrocategory list. */
export function createMacrocategoryService(deps: { macrocategories: MacrocategoryRepository }) {
  return {
    /** Macrocategories named and sorted in `locale`. */
    list: async (locale: Locale) => localizedByName(await deps.macrocategories.list(), locale),
  };
}
export type MacrocategoryService = ReturnType<typeof createMacrocategoryService>;
