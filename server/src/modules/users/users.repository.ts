import type { Db, IndexDescription } from 'mongodb';
import type { Locale, Role } from '@market/shared';

export type UserDoc = {
  /** The Firebase uid. */
  _id: string;
  email: string;
  name: string;
  surname: string;
  /** Mirrors the `role` custom claim. */
  role: Role;
  sellerId: string | null;
  blocked: boolean;
  locale: Locale;
  loginMethod: 'password' | 'google';
  marketingConsent: boolean;
  createdAt: Date;
};

export const userIndexes: IndexDescription[] = [
  { key: { email: 1 }, unique: true },
  { key: { role: 1 } },
];

/** The only code that touches the `users` collection. */
export function createUserRepository(db: Db) {
  const users = db.collection<UserDoc>('users');
  return {
    upsert: (doc: UserDoc) =>
      users.updateOne({ _id: doc._id }, { $setOnInsert: doc }, { upsert: true }),
    findById: (uid: string) => users.findOne({ _id: uid }),
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
