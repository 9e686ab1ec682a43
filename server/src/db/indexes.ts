import { MongoServerError, type Db, type IndexDescription } from 'mongodb';
import { RETIRED_INDEXES } from './retired-indexes.ts';

/** IndexNotFound, NamespaceNotFound: the index (or the collection) is gone already. */
const GONE = new Set([26, 27]);

/**
 * Creates the indexes of every collection (the container's `indexes`: each module declares its
 * own beside its queries); the server awaits this before it serves.
 */
export async function ensureIndexes(
  db: Db,
  indexes: Record<string, IndexDescription[]>,
): Promise<void> {
  for (const [collection, list] of Object.entries(indexes)) {
    if (list.length) await db.collection(collection).createIndexes(list);
  }
  // Replaced ones go once their replacements exist (a second instance finds them gone).
  for (const [collection, names] of Object.entries(RETIRED_INDEXES)) {
    if (!indexes[collection]) continue;
    for (const name of names) {
      // A declared index keeps its name: never drop what a module still asks for.
      if (indexes[collection].some((ix) => ix.name === name || defaultName(ix) === name)) continue;
      try {
        await db.collection(collection).dropIndex(name);
      } catch (err) {
        if (!(err instanceof MongoServerError && GONE.has(err.code as number))) throw err;
      }
    }
  }
}

/** The name MongoDB gives an index without one: `field_1_other_-1`. */
function defaultName(ix: IndexDescription): string {
  return Object.entries(ix.key as Record<string, unknown>)
    .map(([field, dir]) => `${field}_${String(dir)}`)
    .join('_');
}
