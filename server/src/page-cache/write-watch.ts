import type { AnyBulkWriteOperation, Collection, Db, Document } from 'mongodb';

/** What a write touched: documents it returned or inserted, and the ids its filters named. */
export type Write = {
  collection: string;
  /** The written documents the driver handed back or was given (inserts, findOneAnd*). */
  docs: Document[];
  /** The `_id`s the write's filters named; null when a filter named none (then: unknown). */
  ids: unknown[] | null;
};

const isIdValue = (v: unknown) =>
  typeof v === 'string' ||
  typeof v === 'number' ||
  (typeof v === 'object' && v !== null && (v as { _bsontype?: string })._bsontype === 'ObjectId');

/** The `_id`s a filter pins (`{_id: x}` or `{_id: {$in: [...]}}`), else null. */
function idsOfFilter(filter: unknown): unknown[] | null {
  const id = (filter as { _id?: unknown } | null | undefined)?._id;
  if (id === undefined) return null;
  if (isIdValue(id)) return [id];
  const $in = (id as { $in?: unknown }).$in;
  return Array.isArray($in) ? $in : null;
}

/** Two ids lists joined; unknown (null) wins. */
const union = (a: unknown[] | null, b: unknown[] | null) => (a && b ? [...a, ...b] : null);

type UpdateResultLike = {
  matchedCount?: number;
  modifiedCount?: number;
  upsertedId?: unknown;
  deletedCount?: number;
};

/**
 * What a write method's call and answer say was written, or null when nothing was (a conditional
 * update that matched nothing changes no page).
 */
function writeOf(
  method: string,
  args: unknown[],
  result: unknown,
): Omit<Write, 'collection'> | null {
  const [first, second, third] = args;
  switch (method) {
    case 'insertOne':
      return { docs: [first as Document], ids: [] };
    case 'insertMany':
      return { docs: first as Document[], ids: [] };
    case 'updateOne':
    case 'updateMany':
    case 'replaceOne': {
      const r = result as UpdateResultLike;
      if (r.upsertedId != null) return { docs: [], ids: [r.upsertedId] };
      // Nothing matched, or everything matched already held what was set.
      if ((r.modifiedCount ?? r.matchedCount) === 0) return null;
      return { docs: method === 'replaceOne' ? [second as Document] : [], ids: idsOfFilter(first) };
    }
    case 'deleteOne':
    case 'deleteMany':
      if ((result as UpdateResultLike).deletedCount === 0) return null;
      return { docs: [], ids: idsOfFilter(first) };
    case 'findOneAndUpdate':
    case 'findOneAndReplace':
    case 'findOneAndDelete': {
      const options = (method === 'findOneAndDelete' ? second : third) as
        { includeResultMetadata?: boolean; upsert?: boolean } | undefined;
      const doc = options?.includeResultMetadata
        ? (result as { value?: Document | null } | null)?.value
        : (result as Document | null);
      if (doc) return { docs: [doc], ids: [] };
      // Nothing matched, unless an upsert inserted while answering the document before it.
      return options?.upsert ? { docs: [], ids: idsOfFilter(first) } : null;
    }
    case 'bulkWrite': {
      let ids: unknown[] | null = [];
      const docs: Document[] = [];
      for (const op of first as AnyBulkWriteOperation[]) {
        if ('insertOne' in op) docs.push(op.insertOne.document);
        else if ('updateOne' in op) ids = union(ids, idsOfFilter(op.updateOne.filter));
        else if ('updateMany' in op) ids = union(ids, idsOfFilter(op.updateMany.filter));
        else if ('replaceOne' in op) ids = union(ids, idsOfFilter(op.replaceOne.filter));
        else if ('deleteOne' in op) ids = union(ids, idsOfFilter(op.deleteOne.filter));
        else if ('deleteMany' in op) ids = union(ids, idsOfFilter(op.deleteMany.filter));
      }
      return { docs, ids };
    }
    default:
      return null;
  }
}

const WRITE_METHODS = new Set([
  'insertOne',
  'insertMany',
  'updateOne',
  'updateMany',
  'replaceOne',
  'deleteOne',
  'deleteMany',
  'findOneAndUpdate',
  'findOneAndReplace',
  'findOneAndDelete',
  'bulkWrite',
]);

/** A collection whose write methods report what they wrote once it is written. */
function watchCollection<T extends Document>(
  collection: Collection<T>,
  onWrite: (write: Write) => Promise<void>,
): Collection<T> {
  return new Proxy(collection, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      const method = (value as (...a: unknown[]) => unknown).bind(target);
      if (typeof prop !== 'string' || !WRITE_METHODS.has(prop)) return method;
      return async (...args: unknown[]) => {
        const result = await (method(...args) as Promise<unknown>);
        const write = writeOf(prop, args, result);
        // Reported before the write answers: whoever wrote reads the new page next.
        if (write) await onWrite({ collection: target.collectionName, ...write });
        return result;
      };
    },
  });
}

/**
 * `db` with the writes to `collections` reported to `onWrite` after each succeeds and before it
 * answers (repositories get their collections from it once, at start). Writes elsewhere, and
 * aggregation stages that write, are not seen.
 */
export function watchWrites(
  db: Db,
  collections: ReadonlySet<string>,
  onWrite: (write: Write) => Promise<void>,
): Db {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'collection') {
        return (name: string, options?: Parameters<Db['collection']>[1]) => {
          const collection = target.collection(name, options);
          return collections.has(name) ? watchCollection(collection, onWrite) : collection;
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}
