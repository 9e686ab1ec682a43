import type { Db, IndexDescription } from 'mongodb';
import type { Banner } from '@market/shared';

export type HomeContentDoc = {
  /** Always `home`: the collection holds one document. */
  _id: 'home';
  /** Hex ids of the admin's featured products, in display order. */
  featuredProductIds: string[];
  banners: Banner[];
  updatedAt: Date;
};

export const homeContentIndexes: IndexDescription[] = [];

export const HOME_ID = 'home';

/** The only code that touches the `home_content` collection. */
export function createHomeContentRepository(db: Db) {
  const homeContent = db.collection<HomeContentDoc>('home_content');
  return {
    /** The home content, or null until an admin first saves it. */
    get: () => homeContent.findOne({ _id: HOME_ID }),

    save: (fields: Omit<HomeContentDoc, '_id' | 'updatedAt'>) =>
      homeContent.findOneAndUpdate(
        { _id: HOME_ID },
        { $set: { ...fields, updatedAt: new Date() } },
        { upsert: true, returnDocument: 'after' },
      ),
  };
}
export type HomeContentRepository = ReturnType<typeof createHomeContentRepository>;
