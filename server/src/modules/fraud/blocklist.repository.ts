import {
  MongoServerError,
  type Db,
  type Filter,
  type IndexDescription,
  type ObjectId,
} from 'mongodb';
import { BLOCKLIST_KINDS, type BlocklistKind } from '@market/shared';
import type { ListQuery } from '../../lib/list-query.ts';
import { countMatching } from '../../db/count.ts';

// The kinds live in shared (the admin console offers them); kept importable from here.
export { BLOCKLIST_KINDS, type BlocklistKind };

/** An email, client address or payment instrument fraud screening refuses outright. */
export type BlocklistDoc = {
  _id: ObjectId;
  kind: BlocklistKind;
  /** Emails lower-cased; instruments as the provider fingerprints them. */
  value: string;
  reason: string | null;
  /** Who listed it: an admin, or the System (a chargeback). Older entries have none. */
  addedBy?: { actor: 'Admin' | 'System'; uid: string | null; email: string | null };
  createdAt: Date;
};

export const blocklistIndexes: IndexDescription[] = [
  { key: { kind: 1, value: 1 }, unique: true },
  // The admin console's list, newest first.
  { key: { createdAt: -1, _id: -1 } },
];

/** What the admin console's blocklist filters on. */
export type BlocklistPageFilter = {
  id?: ObjectId[] | undefined;
  kind?: BlocklistKind | undefined;
  /** A part of the value, case-insensitively. */
  q?: string | undefined;
};

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const normalise = (kind: BlocklistKind, value: string) =>
  kind === 'email' ? value.toLowerCase() : value;

/** The only code that touches the `blocklist` collection. */
export function createBlocklistRepository(db: Db) {
  const blocklist = db.collection<BlocklistDoc>('blocklist');
  return {
    /** Lists the value; null when it is listed already (the unique index: adding twice is a no-op). */
    async add(doc: BlocklistDoc): Promise<BlocklistDoc | null> {
      const entry = { ...doc, value: normalise(doc.kind, doc.value) };
      try {
        await blocklist.insertOne(entry);
        return entry;
      } catch (err) {
        if (err instanceof MongoServerError && err.code === 11000) return null;
        throw err;
      }
    },
    findById: (id: ObjectId) => blocklist.findOne({ _id: id }),
    findValue: (kind: BlocklistKind, value: string) =>
      blocklist.findOne({ kind, value: normalise(kind, value) }),
    /** Removes the entry; the removed one, or null when it was not there. */
    remove: (id: ObjectId) => blocklist.findOneAndDelete({ _id: id }),
    /** Which of the given values are listed. */
    async matches(values: Partial<Record<BlocklistKind, string | null>>) {
      const or = Object.entries(values)
        .filter((entry): entry is [BlocklistKind, string] => !!entry[1])
        .map(([kind, value]) => ({ kind, value: normalise(kind, value) }));
      const found = or.length ? await blocklist.find({ $or: or }).toArray() : [];
      const listed = (kind: BlocklistKind) => found.some((d) => d.kind === kind);
      return { email: listed('email'), ip: listed('ip'), instrument: listed('instrument') };
    },
    async page(q: ListQuery, f: BlocklistPageFilter) {
      const query: Filter<BlocklistDoc> = {};
      if (f.id) query._id = { $in: f.id };
      if (f.kind) query.kind = f.kind;
      if (f.q) query.value = { $regex: escapeRegex(f.q), $options: 'i' };
      const order = q.sort?.field === 'createdAt' ? q.sort.order : -1;
      const [rows, total] = await Promise.all([
        blocklist
          .find(query)
          .sort({ createdAt: order, _id: order })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        countMatching(blocklist, query),
      ]);
      return { rows, total };
    },
  };
}
export type BlocklistRepository = ReturnType<typeof createBlocklistRepository>;
