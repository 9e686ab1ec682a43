import type { Db, IndexDescription } from 'mongodb';
import { localizedNameQueries, type LocalizedNameDoc } from '../../db/localized-names.ts';

/** Slug (`rpg`) and name in each locale. */
export type MacrocategoryDoc = LocalizedNameDoc;

// A handful of documents, read whole and sorted by name in the caller's locale.
export const macrocategoryIndexes: IndexDescription[] = [];

/** The macrocategories the marketplace starts with (genres and themes across categories). */
export const DEFAULT_MACROCATEGORIES: MacrocategoryDoc[] = [
  { _id: 'action', name: { en: 'Action', it: 'Azione' } },
  { _id: 'adventure', name: { en: 'Adventure', it: 'Avventura' } },
  { _id: 'rpg', name: { en: 'RPG', it: 'Gioco di ruolo' } },
  { _id: 'strategy', name: { en: 'Strategy', it: 'Strategia' } },
  { _id: 'racing', name: { en: 'Racing', it: 'Corse' } },
  { _id: 'productivity', name: { en: 'Productivity', it: 'Produttività' } },
  { _id: 'security', name: { en: 'Security', it: 'Sicurezza' } },
  { _id: 'gift-cards', name: { en: 'Gift cards', it: 'Carte regalo' } },
];

/** The only code that touches the `macrocategories` collection. */
export function createMacrocategoryRepository(db: Db) {
  const macrocategories = db.collection<MacrocategoryDoc>('macrocategories');
  return {
    ...localizedNameQueries(macrocategories),

    /**
     * Seeds the default macrocategories into an empty collection only: after that the admin owns
     * the list, and a deleted macrocategory stays deleted across restarts.
     */
    async ensureDefaults() {
      if (await macrocategories.findOne({})) return;
      for (const m of DEFAULT_MACROCATEGORIES) {
        await macrocategories.updateOne(
          { _id: m._id },
          { $setOnInsert: { name: m.name } },
          { upsert: true },
        );
      }
    },
  };
}
export type MacrocategoryRepository = ReturnType<typeof createMacrocategoryRepository>;
