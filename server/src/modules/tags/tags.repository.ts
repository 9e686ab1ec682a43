import type { Db, Filter, IndexDescription } from 'mongodb';
import type { Locale } from '@market/shared';
import type { ListQuery } from '../../lib/list-query.ts';

export type TagDoc = {
  /** Slug of the English name; products keep it in `tags`. */
  _id: string;
  name: Record<Locale, string>;
};

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

const SORTABLE = new Set(['id', 'name.en', 'name.it']);
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The only code that touches the `tags` collection. */
export function createTagRepository(db: Db) {
  const tags = db.collection<TagDoc>('tags');
  return {
    findById: (id: string) => tags.findOne({ _id: id }),

    findByIds: (ids: string[]) => tags.find({ _id: { $in: ids } }).toArray(),

    /** A console page, by English name unless asked otherwise; `q` matches either name. */
    async page(q: ListQuery, filter: { id?: string[]; q?: string }) {
      const query: Filter<TagDoc> = {};
      if (filter.id) query._id = { $in: filter.id };
      if (filter.q) {
        const re = { $regex: escapeRegex(filter.q), $options: 'i' };
        query.$or = [{ 'name.en': re }, { 'name.it': re }];
      }
      const field = q.sort && SORTABLE.has(q.sort.field) ? q.sort.field : 'name.en';
      const [rows, total] = await Promise.all([
        tags
          .find(query)
          .sort({ [field === 'id' ? '_id' : field]: q.sort?.order ?? 1, _id: 1 })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        tags.countDocuments(query),
      ]);
      return { rows, total };
    },

    /** Inserts; a taken id fails with the driver's duplicate-key error. */
    insert: async (doc: TagDoc) => {
      await tags.insertOne(doc);
      return doc;
    },

    update: (id: string, name: TagDoc['name']) =>
      tags.findOneAndUpdate({ _id: id }, { $set: { name } }, { returnDocument: 'after' }),

    remove: (id: string) => tags.findOneAndDelete({ _id: id }),

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
