import type { Db, IndexDescription, ObjectId } from 'mongodb';

export const BLOCKLIST_KINDS = ['email', 'ip', 'instrument'] as const;
export type BlocklistKind = (typeof BLOCKLIST_KINDS)[number];

/** An email, client address or payment instrument fraud screening refuses outright. */
export type BlocklistDoc = {
  _id: ObjectId;
  kind: BlocklistKind;
  /** Emails lower-cased; instruments as the provider fingerprints them. */
  value: string;
  reason: string | null;
  createdAt: Date;
};

export const blocklistIndexes: IndexDescription[] = [{ key: { kind: 1, value: 1 }, unique: true }];

/** The only code that touches the `blocklist` collection. */
export function createBlocklistRepository(db: Db) {
  const blocklist = db.collection<BlocklistDoc>('blocklist');
  return {
    add: (doc: BlocklistDoc) => blocklist.insertOne(doc),
    /** Which of the given values are listed. */
    async matches(values: Partial<Record<BlocklistKind, string | null>>) {
      const or = Object.entries(values)
        .filter((entry): entry is [BlocklistKind, string] => !!entry[1])
        .map(([kind, value]) => ({ kind, value: kind === 'email' ? value.toLowerCase() : value }));
      const found = or.length ? await blocklist.find({ $or: or }).toArray() : [];
      const listed = (kind: BlocklistKind) => found.some((d) => d.kind === kind);
      return { email: listed('email'), ip: listed('ip'), instrument: listed('instrument') };
    },
  };
}
export type BlocklistRepository = ReturnType<typeof createBlocklistRepository>;
