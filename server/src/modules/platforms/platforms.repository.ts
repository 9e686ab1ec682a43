import type { Db, Filter, IndexDescription } from 'mongodb';
import { activationGuidePath, PLATFORMS } from '@market/shared';
import type { ListQuery } from '../../lib/list-query.ts';

export type PlatformDoc = {
  /** The platform slug, e.g. `steam`; products refer to it, so it never changes. */
  _id: string;
  name: string;
  /** Activation guide path; null where the platform has none (PS Vita, XBOX 360). */
  guidePath: string | null;
  /** Display order: the spec's list order. */
  position: number;
};

export const platformIndexes: IndexDescription[] = [{ key: { position: 1 } }];

const SORTABLE = new Set(['id', 'name', 'position']);
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The only code that touches the `platforms` collection. */
export function createPlatformRepository(db: Db) {
  const platforms = db.collection<PlatformDoc>('platforms');
  return {
    listByPosition: () => platforms.find().sort({ position: 1 }).toArray(),

    findById: (id: string) => platforms.findOne({ _id: id }),

    /** A console page, by position unless asked otherwise; `q` matches the name. */
    async page(q: ListQuery, filter: { id?: string[]; q?: string }) {
      const query: Filter<PlatformDoc> = {};
      if (filter.id) query._id = { $in: filter.id };
      if (filter.q) query.name = { $regex: escapeRegex(filter.q), $options: 'i' };
      const field = q.sort && SORTABLE.has(q.sort.field) ? q.sort.field : 'position';
      const [rows, total] = await Promise.all([
        platforms
          .find(query)
          // By id alone when asked: `{ _id: order, _id: 1 }` would keep only the second.
          .sort(field === 'id' ? { _id: q.sort!.order } : { [field]: q.sort?.order ?? 1, _id: 1 })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        platforms.countDocuments(query),
      ]);
      return { rows, total };
    },

    /** Inserts; a taken id fails with the driver's duplicate-key error. */
    insert: async (doc: PlatformDoc) => {
      await platforms.insertOne(doc);
      return doc;
    },

    update: (id: string, fields: Omit<PlatformDoc, '_id'>) =>
      platforms.findOneAndUpdate({ _id: id }, { $set: fields }, { returnDocument: 'after' }),

    remove: (id: string) => platforms.findOneAndDelete({ _id: id }),

    /**
     * Seeds the spec's platforms into an empty collection only: after that the admin owns the
     * list, and a deleted platform stays deleted across restarts.
     */
    async ensureDefaults() {
      if (await platforms.findOne({})) return;
      for (const [position, p] of PLATFORMS.entries()) {
        await platforms.updateOne(
          { _id: p.slug },
          { $setOnInsert: { name: p.name, guidePath: activationGuidePath(p.slug), position } },
          { upsert: true },
        );
      }
    },
  };
}
export type PlatformRepository = ReturnType<typeof createPlatformRepository>;
