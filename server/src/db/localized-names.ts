import type { Collection, Filter } from 'mongodb';
import type { Locale } from '@market/shared';
import type { ListQuery } from '../lib/list-query.ts';

/** A record that is only a slug and its name in each locale (a tag, a macrocategory). */
export type LocalizedNameDoc = {
  /** Slug of the English name, set once. */
  _id: string;
  name: Record<Locale, string>;
};

const SORTABLE = new Set(['id', 'name.en', 'name.it']);
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The queries of a collection of localized names, for its repository: small collections (a few
 * hundred documents at most), so no index beyond `_id`.
 */
export function localizedNameQueries(names: Collection<LocalizedNameDoc>) {
  return {
    list: () => names.find().toArray(),

    findById: (id: string) => names.findOne({ _id: id }),

    findByIds: (ids: string[]) => names.find({ _id: { $in: ids } }).toArray(),

    /** A console page, by English name unless asked otherwise; `q` matches either name. */
    async page(q: ListQuery, filter: { id?: string[]; q?: string }) {
      const query: Filter<LocalizedNameDoc> = {};
      if (filter.id) query._id = { $in: filter.id };
      if (filter.q) {
        const re = { $regex: escapeRegex(filter.q), $options: 'i' };
        query.$or = [{ 'name.en': re }, { 'name.it': re }];
      }
      const field = q.sort && SORTABLE.has(q.sort.field) ? q.sort.field : 'name.en';
      const [rows, total] = await Promise.all([
        names
          .find(query)
          // By id alone when asked: `{ _id: order, _id: 1 }` would keep only the second.
          .sort(field === 'id' ? { _id: q.sort!.order } : { [field]: q.sort?.order ?? 1, _id: 1 })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        names.countDocuments(query),
      ]);
      return { rows, total };
    },

    /** Inserts; a taken id fails with the driver's duplicate-key error. */
    insert: async (doc: LocalizedNameDoc) => {
      await names.insertOne(doc);
      return doc;
    },

    update: (id: string, name: LocalizedNameDoc['name']) =>
      names.findOneAndUpdate({ _id: id }, { $set: { name } }, { returnDocument: 'after' }),

    remove: (id: string) => names.findOneAndDelete({ _id: id }),
  };
}
