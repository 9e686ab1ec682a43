import {
  MongoServerError,
  type Db,
  type Filter,
  type IndexDescription,
  type ObjectId,
  type UpdateFilter,
} from 'mongodb';
import type { ClaimActor, ClaimReason, ClaimStatus, Currency } from '@market/shared';
import type { ListQuery } from '../../lib/list-query.ts';
import { countMatching } from '../../db/count.ts';

export type ClaimEventDoc = {
  from: ClaimStatus | null;
  to: ClaimStatus;
  actor: ClaimActor;
  actorUid: string | null;
  note: string;
  at: Date;
};

export type ClaimDoc = {
  _id: ObjectId;
  orderId: ObjectId;
  orderNumber: string;
  itemId: ObjectId;
  /** The key reported as defective. */
  keyId: ObjectId;
  offerId: ObjectId;
  productId: ObjectId;
  sellerId: string;
  /** The buyer (never shown to the seller). */
  userId: string;
  email: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  currency: Currency;
  reason: ClaimReason;
  details: string;
  status: ClaimStatus;
  /** The seller's deadline; past it an `open` claim's line is refunded by the System. */
  respondBy: Date;
  /**
   * The claimed key, from the filing on and kept when the claim ends (the name is older than
   * the rule): the unique index on it allows one claim per key, however many racing requests.
   * Absent only on claims ended before the rule whose key another claim holds (migration
   * `2026-11-claims-one-per-key`).
   */
  openKey?: ObjectId;
  /** Set with a final upheld status (replaced or refunded): the seller's defect rate counts it. */
  upheld?: true;
  resolvedAt?: Date;
  /** Where a replacement started (`open` or `escalated`): it goes back there with no key to give. */
  replaceFrom?: ClaimStatus;
  replacementKeyId: ObjectId | null;
  history: ClaimEventDoc[];
  createdAt: Date;
  updatedAt: Date;
};

export const claimIndexes: IndexDescription[] = [
  {
    key: { openKey: 1 },
    // Named when a key could be claimed again after an ending; it now holds for good.
    name: 'one_open_claim_per_key',
    unique: true,
    partialFilterExpression: { openKey: { $exists: true } },
  },
  // A seller's and a buyer's lists, and the admin's by status, newest first (same instant: by
  // id); an order's claims (a handful).
  { key: { sellerId: 1, createdAt: -1, _id: -1 } },
  { key: { userId: 1, createdAt: -1, _id: -1 } },
  { key: { status: 1, createdAt: -1, _id: -1 } },
  { key: { createdAt: -1, _id: -1 } },
  { key: { orderId: 1 } },
  // The claims job: open claims past their deadline, resolutions a crash left half-done.
  // (Its last key serves a seller's open claims by deadline, on the dashboard.)
  { key: { status: 1, respondBy: 1, sellerId: 1 } },
  { key: { status: 1, updatedAt: 1 } },
  // The defect rate: a seller's upheld claims of the last 90 days.
  { key: { sellerId: 1, upheld: 1, resolvedAt: 1 } },
];

export type ClaimPageFilter = {
  id?: ObjectId[] | undefined;
  sellerId?: string | undefined;
  userId?: string | undefined;
  orderId?: ObjectId | undefined;
  status?: ClaimStatus | undefined;
};

/** Sorted by date only: each filter has its index by date (another column would sort every match in memory). */
const SORTABLE = new Set(['createdAt']);

/** The only code that touches the `claims` collection. */
export function createClaimRepository(db: Db) {
  const claims = db.collection<ClaimDoc>('claims');
  return {
    /** Inserts a new claim; false when the key has an open claim already (the unique index). */
    async insert(doc: ClaimDoc): Promise<boolean> {
      try {
        await claims.insertOne(doc);
        return true;
      } catch (err) {
        if (err instanceof MongoServerError && err.code === 11000) return false;
        throw err;
      }
    },
    findById: (id: ObjectId) => claims.findOne({ _id: id }),
    /** The claim that holds a key (`openKey`): the one a second filing ran into. */
    holderOf: (keyId: ObjectId) => claims.findOne({ openKey: keyId }),
    /**
     * Claims ended before a key was claimed once for good, without `openKey`, newest first: the
     * migration gives each key's newest its `openKey` back.
     */
    async endedWithoutKey() {
      const ended = await claims
        .find(
          { status: { $in: ['replaced', 'refunded', 'rejected'] }, openKey: { $exists: false } },
          { projection: { keyId: 1, createdAt: 1 } },
        )
        .toArray();
      return ended.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    },
    /** Gives a claim its key back unless another holds it (false then: the unique index). */
    async holdKey(id: ObjectId, keyId: ObjectId): Promise<boolean> {
      try {
        const res = await claims.updateOne(
          { _id: id, openKey: { $exists: false } },
          { $set: { openKey: keyId } },
        );
        return res.modifiedCount === 1;
      } catch (err) {
        if (err instanceof MongoServerError && err.code === 11000) return false;
        throw err;
      }
    },
    /**
     * One move of the state machine: matches only while the claim is still `from`, so of two
     * racing moves one wins; answers the claim after it (null: it was no longer `from`).
     */
    move: (
      id: ObjectId,
      from: ClaimStatus,
      event: ClaimEventDoc,
      extra: { set?: Partial<ClaimDoc>; unset?: Array<keyof ClaimDoc> } = {},
    ) => {
      const update: UpdateFilter<ClaimDoc> = {
        $set: { ...extra.set, status: event.to, updatedAt: event.at },
        $push: { history: event },
      };
      if (extra.unset?.length) {
        update.$unset = Object.fromEntries(extra.unset.map((f) => [f, '']));
      }
      return claims.findOneAndUpdate({ _id: id, status: from }, update, {
        returnDocument: 'after',
      });
    },
    /** Records the key a replacement gives, once (a resumed replacement keeps the first). */
    setReplacementKey: (id: ObjectId, keyId: ObjectId) =>
      claims.updateOne(
        { _id: id, status: 'replacing', replacementKeyId: null },
        { $set: { replacementKeyId: keyId } },
      ),
    /** Open claims whose seller did not answer in time. */
    due: (now: Date, limit: number) =>
      claims
        .find({ status: 'open', respondBy: { $lt: now } })
        .limit(limit)
        .toArray(),
    /** Resolutions started before `before` and not finished: a crash or an unreachable provider. */
    unfinished: (before: Date, limit: number) =>
      claims
        .find({ status: { $in: ['replacing', 'refunding'] }, updatedAt: { $lt: before } })
        .limit(limit)
        .toArray(),
    /** Other claims' replacement keys on this order (a resumed replacement never takes one). */
    replacementKeysOf: async (orderId: ObjectId) =>
      (
        await claims
          .find(
            { orderId, replacementKeyId: { $ne: null } },
            { projection: { replacementKeyId: 1 } },
          )
          .toArray()
      ).map((c) => c.replacementKeyId!),
    countUpheldSince: (sellerId: string, since: Date) =>
      claims.countDocuments({ sellerId, upheld: true, resolvedAt: { $gte: since } }),
    async page(q: ListQuery, f: ClaimPageFilter) {
      const query: Filter<ClaimDoc> = {};
      if (f.id) query._id = { $in: f.id };
      if (f.sellerId) query.sellerId = f.sellerId;
      if (f.userId) query.userId = f.userId;
      if (f.orderId) query.orderId = f.orderId;
      if (f.status) query.status = f.status;
      const field = q.sort && SORTABLE.has(q.sort.field) ? q.sort.field : 'createdAt';
      const [rows, total] = await Promise.all([
        claims
          .find(query)
          // The tie-breaker follows the order, so one index serves both directions.
          .sort({ [field]: q.sort?.order ?? -1, _id: q.sort?.order ?? -1 })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        countMatching(claims, query),
      ]);
      return { rows, total };
    },
    /** A buyer's claims, newest first (their data export). */
    ofUser: (userId: string) => claims.find({ userId }).sort({ createdAt: -1, _id: -1 }).toArray(),
    /** Erasure: the claims stay (refunds, defect rates), the buyer's contact goes. */
    anonymiseBuyer: (userId: string, contact: { email: string; name: string }) =>
      claims.updateMany({ userId }, { $set: contact }),
  };
}
export type ClaimRepository = ReturnType<typeof createClaimRepository>;
