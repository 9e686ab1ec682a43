import type { Db, IndexDescription } from 'mongodb';

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
}
