import type { Db, IndexDescription, ObjectId } from 'mongodb';
import type { ApiTokenScope } from '@market/shared';

/** A seller's API token: only the SHA-256 of the secret is kept (it has 256 random bits). */
export type ApiTokenDoc = {
  _id: ObjectId;
  sellerId: string;
  /** The seller's account: requests made with the token act as it. */
  uid: string;
  name: string;
  /** Hex SHA-256 of the whole token. */
  hash: string;
  /** The token's first characters, to recognise it in the list. */
  prefix: string;
  scopes: ApiTokenScope[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

export const apiTokenIndexes: IndexDescription[] = [
  { key: { hash: 1 }, unique: true },
  { key: { sellerId: 1, createdAt: -1, _id: -1 } },
  // An account's tokens, revoked together when it stops being a seller (or is blocked, erased).
  { key: { uid: 1 } },
];

/** The only code that touches the `apiTokens` collection. */
export function createApiTokenRepository(db: Db) {
  const tokens = db.collection<ApiTokenDoc>('apiTokens');
  return {
    insert: (doc: ApiTokenDoc) => tokens.insertOne(doc),
    findByHash: (hash: string) => tokens.findOne({ hash }),
    countActive: (sellerId: string) => tokens.countDocuments({ sellerId, revokedAt: null }),
    /** A page of the seller's tokens, newest first; `ids` (getMany) narrows it to those. */
    async pageOfSeller(sellerId: string, skip: number, limit: number, ids?: ObjectId[]) {
      const query = { sellerId, ...(ids && { _id: { $in: ids } }) };
      const [rows, total] = await Promise.all([
        tokens.find(query).sort({ createdAt: -1, _id: -1 }).skip(skip).limit(limit).toArray(),
        tokens.countDocuments(query),
      ]);
      return { rows, total };
    },
    findOwn: (id: ObjectId, sellerId: string) => tokens.findOne({ _id: id, sellerId }),
    /** Revokes once: a second revoke keeps the first date. Null when not the seller's. */
    async revokeOwn(id: ObjectId, sellerId: string, at: Date) {
      const revoked = await tokens.findOneAndUpdate(
        { _id: id, sellerId, revokedAt: null },
        { $set: { revokedAt: at } },
        { returnDocument: 'after' },
      );
      return revoked ?? tokens.findOne({ _id: id, sellerId });
    },
    /** Revokes every active token of the account; answers how many. */
    async revokeAllOf(uid: string, at: Date): Promise<number> {
      const res = await tokens.updateMany({ uid, revokedAt: null }, { $set: { revokedAt: at } });
      return res.modifiedCount;
    },
    touch: (id: ObjectId, at: Date) => tokens.updateOne({ _id: id }, { $set: { lastUsedAt: at } }),
  };
}
export type ApiTokenRepository = ReturnType<typeof createApiTokenRepository>;
