import type { Db, Filter, IndexDescription } from 'mongodb';
import type { Locale, LoginMethod, Role } from '@market/shared';
import { idCondition, type ListQuery } from '../../lib/list-query.ts';

export type UserDoc = {
  /** The Firebase uid. */
  _id: string;
  email: string;
  name: string;
  surname: string;
  image: string | null;
  /** Mirrors the `role` custom claim. */
  role: Role;
  /** Set for sellers and for accounts whose seller application is open. */
  sellerId: string | null;
  blocked: boolean;
  /** Mirrors the identity provider's flag, refreshed at each sign-in and admin look-up. */
  emailVerified: boolean;
  locale: Locale;
  loginMethod: LoginMethod;
  marketingConsent: boolean;
  referrer: string | null;
  createdAt: Date;
  lastSignInAt: Date | null;
};

export type UserFilter = {
  id?: string | string[];
  q?: string;
  role?: Role;
  blocked?: boolean;
  emailVerified?: boolean;
};

export const userIndexes: IndexDescription[] = [
  { key: { email: 1 }, unique: true },
  // The admin list filters by role and blocked and sorts by date.
  { key: { role: 1, createdAt: -1 } },
  { key: { blocked: 1 } },
];

const SORTABLE = new Set(['email', 'createdAt', 'role', 'name', 'lastSignInAt']);
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The only code that touches the `users` collection. */
export function createUserRepository(db: Db) {
  const users = db.collection<UserDoc>('users');
  return {
    /** Creates the user unless it exists; answers whether it was created. */
    async insertIfMissing(doc: UserDoc): Promise<boolean> {
      const res = await users.updateOne({ _id: doc._id }, { $setOnInsert: doc }, { upsert: true });
      return res.upsertedCount === 1;
    },
    findById: (uid: string) => users.findOne({ _id: uid }),
    isBlocked: async (uid: string) =>
      (await users.findOne({ _id: uid }, { projection: { blocked: 1 } }))?.blocked === true,
    update: (uid: string, fields: Partial<Omit<UserDoc, '_id'>>) =>
      users.findOneAndUpdate({ _id: uid }, { $set: fields }, { returnDocument: 'after' }),
    async page(q: ListQuery, filter: UserFilter) {
      const query: Filter<UserDoc> = {};
      if (filter.id) query._id = idCondition(filter.id);
      if (filter.role) query.role = filter.role;
      if (filter.blocked !== undefined) query.blocked = filter.blocked;
      if (filter.emailVerified !== undefined) query.emailVerified = filter.emailVerified;
      if (filter.q) {
        const re = { $regex: escapeRegex(filter.q), $options: 'i' };
        query.$or = [{ email: re }, { name: re }, { surname: re }];
      }
      const field = q.sort && SORTABLE.has(q.sort.field) ? q.sort.field : 'createdAt';
      const [rows, total] = await Promise.all([
        users
          .find(query)
          .sort({ [field]: q.sort?.order ?? -1, _id: 1 })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        users.countDocuments(query),
      ]);
      return { rows, total };
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
