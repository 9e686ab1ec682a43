import type { Db, IndexDescription } from 'mongodb';
import type { Locale } from '@market/shared';
import { localizedNameQueries, type LocalizedNameDoc } from '../../db/localized-names.ts';

/** Slug of the English name (products keep it in `tags`) and name in each locale. */
export type TagDoc = LocalizedNameDoc;

// A few hundred documents at most, read by id or whole.
export const tagIndexes: IndexDescription[] = [];

/** Names of the tags the demo catalogue uses; other back-filled tags get a name from the slug. */
const KNOWN_TAG_NAMES: Record<string, Record<Locale, string>> = {
  action: { en: 'Action', it: 'Azione' },
  adventure: { en: 'Adventure', it: 'Avventura' },
  rpg: { en: 'RPG', it: 'Gioco di ruolo' },
  strategy: { en: 'Strategy', it: 'Strategia' },
  racing: { en: 'Racing', it: 'Corse' },
  indie: { en: 'Indie', it: 'Indie' },
  shooter: { en: 'Shooter', it: 'Sparatutto' },
  bestseller: { en: 'Bestseller', it: 'Più venduti' },
  software: { en: 'Software', it: 'Software' },
  'gift-card': { en: 'Gift card', it: 'Carta regalo' },
  account: { en: 'Account', it: 'Account' },
};

/** `gift-card` → `Gift card`: a readable name for a tag that only existed as a slug. */
function nameFromSlug(slug: string): string {
  const words = slug.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The only code that touches the `tags` collection. */
export function createTagRepository(db: Db) {
  const tags = db.collection<TagDoc>('tags');
  return {
    ...localizedNameQueries(tags),

    /** Creates a document for each tag id that has none; never renames an existing one. */
    async ensureExist(ids: Iterable<string>) {
      for (const id of new Set(ids)) {
        const fallback = nameFromSlug(id);
        const name = KNOWN_TAG_NAMES[id] ?? { en: fallback, it: fallback };
        await tags.updateOne({ _id: id }, { $setOnInsert: { name } }, { upsert: true });
      }
    },
  };
}
export type TagRepository = ReturnType<typeof createTagRepository>;
