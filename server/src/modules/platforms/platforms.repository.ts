import type { Db, IndexDescription } from 'mongodb';
import { activationGuidePath, PLATFORMS } from '@market/shared';

export type PlatformDoc = {
  /** The platform slug, e.g. `steam`. */
  _id: string;
  name: string;
  /** Activation guide path; null where the platform has none (PS Vita, XBOX 360). */
  guidePath: string | null;
  /** Display order: the spec's list order. */
  position: number;
};

export const platformIndexes: IndexDescription[] = [{ key: { position: 1 } }];

/** The only code that touches the `platforms` collection. */
export function createPlatformRepository(db: Db) {
  const platforms = db.collection<PlatformDoc>('platforms');
  return {
    listByPosition: () => platforms.find().sort({ position: 1 }).toArray(),
    /** Creates the spec's platforms when missing; never overwrites an admin's edits. */
    async ensureDefaults() {
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
