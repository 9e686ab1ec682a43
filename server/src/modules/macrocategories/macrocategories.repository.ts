import type { Db, Filter, IndexDescription } from 'mongodb';
import type { Locale } from '@market/shared';
import type { ListQuery } from '../../lib/list-query.ts';

export type MacrocategoryDoc = {
  /** Slug, e.g. `rpg`. */
  _id: string;
  name: Record<Locale, string>;
};

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

const SORTABLE = new Set(['id', 'name.en', 'name.it']);
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The only code that touches the `macrocategories` collection. */
export function createMacrocategoryRepository(db: Db) {
  const macrocategories = db.collection<MacrocategoryDoc>('macrocategories');
  return {
    list: () => macrocategories.find().toArray(),

    findById: (id: string) => macrocategories.findOne({ _id: id }),

    /** A console page; `q` matches the name in either locale. */
    async page(q: ListQuery, filter: { id?: string[]; q?: string }) {
      const query: Filter<MacrocategoryDoc> = {};
      if (filter.id) query._id = { $in: filter.id };
      if (filter.q) {
        const re = { $regex: escapeRegex(filter.q), $options: 'i' };
        query.$or = [{ 'name.en': re }, { 'name.it': re }];
      }
      const field = q.sort && SORTABLE.has(q.sort.field) ? q.sort.field : 'name.en';
      const [rows, total] = await Promise.all([
        macrocategories
          .find(query)
          .sort({ [field === 'id' ? '_id' : field]: q.sort?.order ?? 1, _id: 1 })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        macrocategories.countDocuments(query),
      ]);
      return { rows, total };
    },

    /** Inserts; a taken id fails with the driver's duplicate-key error. */
    insert: async (doc: MacrocategoryDoc) => {
      await macrocategories.insertOne(doc);
      return doc;
    },

    update: (id: string, name: MacrocategoryDoc['name']) =>
      macrocategories.findOneAndUpdate(
        { _id: id },
        { $set: { name } },
        { returnDocument: 'after' },
      ),

    remove: (id: string) => macrocategories.findOneAndDelete({ _id: id }),

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
