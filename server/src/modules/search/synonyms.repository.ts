import { ObjectId, type Db, type IndexDescription } from 'mongodb';
import type { ListQuery } from '../../lib/list-query.ts';

/** Phrases buyers mean alike: `term` and each of `synonyms`, as the admin typed them. */
export type SynonymDoc = {
  _id: ObjectId;
  term: string;
  synonyms: string[];
  updatedAt: Date;
};

// Tens of rows an admin types in, read whole (and kept in memory by the service).
export const synonymIndexes: IndexDescription[] = [];

const SORTABLE = new Set(['term', 'updatedAt']);

const oid = (id: string) => (/^[0-9a-f]{24}$/i.test(id) ? new ObjectId(id) : null);

/** The only code that touches the `search_synonyms` collection. */
export function createSynonymRepository(db: Db) {
  const synonyms = db.collection<SynonymDoc>('search_synonyms');
  return {
    list: () => synonyms.find().toArray(),

    findById: (id: string) => {
      const _id = oid(id);
      return _id ? synonyms.findOne({ _id }) : Promise.resolve(null);
    },

    /** A console page by term; `id` is react-admin's getMany. */
    async page(q: ListQuery, filter: { id?: string[] }) {
      const query = filter.id ? { _id: { $in: filter.id.flatMap((id) => oid(id) ?? []) } } : {};
      const field = q.sort && SORTABLE.has(q.sort.field) ? q.sort.field : 'term';
      const [rows, total] = await Promise.all([
        synonyms
          .find(query)
          .sort({ [field]: q.sort?.order ?? 1, _id: 1 })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        synonyms.countDocuments(query),
      ]);
      return { rows, total };
    },

    async insert(doc: Omit<SynonymDoc, '_id'>): Promise<SynonymDoc> {
      const full = { _id: new ObjectId(), ...doc };
      await synonyms.insertOne(full);
      return full;
    },

    update: (id: string, set: Omit<SynonymDoc, '_id'>) => {
      const _id = oid(id);
      return _id
        ? synonyms.findOneAndUpdate({ _id }, { $set: set }, { returnDocument: 'after' })
        : Promise.resolve(null);
    },

    remove: (id: string) => {
      const _id = oid(id);
      return _id ? synonyms.findOneAndDelete({ _id }) : Promise.resolve(null);
    },
  };
}
export type SynonymRepository = ReturnType<typeof createSynonymRepository>;
