import type { Db, Filter, IndexDescription, ObjectId } from 'mongodb';
import type { Locale, LoginMethod, Role } from '@market/shared';
import { idCondition, type ListQuery } from '../../lib/list-query.ts';
import { countMatching } from '../../db/count.ts';

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
  /**
   * Credentials (ID tokens, session cookies) whose sign-in (`auth_time`) is older than this are
   * refused: set on logout, block, a seller's suspension, and copied from the identity
   * provider's `tokensValidAfterTime` (a password change there). Absent: never revoked.
   */
  sessionsValidAfter?: Date;
  /** The account's erasure began (`account-erasure.ts`): set first, so a retry knows. */
  erasureRequestedAt?: Date;
  /** When the last password reset mail went out (one a minute per account, see password-reset.ts). */
  passwordResetMailedAt?: Date;
  /** The audit entry of the erasure, written once under this id however often it resumes. */
  erasureAuditId?: ObjectId;
  /** The account was erased: profile anonymised, identity deleted, orders kept anonymised. */
  anonymisedAt?: Date;
};

/** What the auth middleware reads of a user on every authenticated request. */
/** What every authenticated request checks: blocked, sessions ended, account erased. */
export type SessionState = Pick<UserDoc, 'blocked' | 'sessionsValidAfter' | 'anonymisedAt'>;
/** The session state with the role and shop: what a seller's API token checks (`seller-api`). */
export type AccountState = SessionState & Pick<UserDoc, 'role' | 'sellerId'>;

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
  { key: { role: 1, createdAt: -1, _id: -1 } },
  { key: { createdAt: -1, _id: -1 } },
  { key: { blocked: 1 } },
  // The last-admin rule: the admins who can act, counted after each demotion or block.
  { key: { role: 1, blocked: 1 } },
  // Erasures a crash left half-done (account-erasure.ts): few, so a sparse index.
  { key: { erasureRequestedAt: 1 }, sparse: true },
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
    /** How many admins can still act (not blocked): the last one may not be demoted or blocked. */
    countActiveAdmins: () => users.countDocuments({ role: 'admin', blocked: false }),
    /**
     * Whether the user is blocked and since when their sessions count, with their role and shop
     * (an API token's account must still be that shop's seller): one read by `_id`.
     */
    sessionState: (uid: string): Promise<AccountState | null> =>
      users.findOne<AccountState>(
        { _id: uid },
        {
          projection: {
            _id: 0,
            blocked: 1,
            sessionsValidAfter: 1,
            anonymisedAt: 1,
            role: 1,
            sellerId: 1,
          },
        },
      ),
    /**
     * Refuses the user's credentials signed in before `at` (never moves it back). `profile`
     * creates the document when it is missing, so a revocation is never lost for want of one.
     */
    async revokeSessions(
      uid: string,
      at: Date,
      profile?: Omit<UserDoc, 'sessionsValidAfter'>,
    ): Promise<void> {
      if (!profile) {
        await users.updateOne({ _id: uid }, { $max: { sessionsValidAfter: at } });
        return;
      }
      await users.updateOne(
        { _id: uid },
        { $max: { sessionsValidAfter: at }, $setOnInsert: profile },
        { upsert: true },
      );
    },
    /** Marks the erasure begun unless it already was; answers the user as it now stands. */
    async beginErasure(uid: string, at: Date, auditId: ObjectId): Promise<UserDoc | null> {
      await users.updateOne(
        { _id: uid, erasureRequestedAt: { $exists: false } },
        { $set: { erasureRequestedAt: at, erasureAuditId: auditId } },
      );
      return users.findOne({ _id: uid });
    },
    /**
     * Claims the right to mail the user a reset link now: false when one went out less than
     * `gapMs` ago (or the user has no profile). Conditional, so racing requests send one.
     */
    async claimResetMail(uid: string, now: Date, gapMs: number): Promise<boolean> {
      const res = await users.updateOne(
        {
          _id: uid,
          $or: [
            { passwordResetMailedAt: { $exists: false } },
            { passwordResetMailedAt: { $lt: new Date(now.getTime() - gapMs) } },
          ],
        },
        { $set: { passwordResetMailedAt: now } },
      );
      return res.modifiedCount === 1;
    },
    /** Erasures begun before `before` and not finished (the erasure job resumes them). */
    unfinishedErasures: (before: Date, limit: number) =>
      users
        .find({ erasureRequestedAt: { $lt: before }, anonymisedAt: { $exists: false } })
        .limit(limit)
        .toArray(),
    update: (uid: string, fields: Partial<Omit<UserDoc, '_id'>>) =>
      users.findOneAndUpdate({ _id: uid }, { $set: fields }, { returnDocument: 'after' }),
    /**
     * Blocks or unblocks only if the user is not so already: answers the user before the change
     * (null: nothing changed), so only the request that made a change may take it back.
     */
    setBlockedIfNot: (uid: string, blocked: boolean) =>
      users.findOneAndUpdate({ _id: uid, blocked: !blocked }, { $set: { blocked } }),
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
          .sort({ [field]: q.sort?.order ?? -1, _id: q.sort?.order ?? -1 })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        countMatching(users, query),
      ]);
      return { rows, total };
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
