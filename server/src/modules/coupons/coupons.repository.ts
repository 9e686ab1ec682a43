import { MongoServerError, ObjectId, type Db, type Filter, type IndexDescription } from 'mongodb';
import type { CategoryId, CouponFunder, CouponKind, Currency } from '@market/shared';
import type { ListQuery } from '../../lib/list-query.ts';
import { countMatching } from '../../db/count.ts';

export type CouponDoc = {
  _id: ObjectId;
  /** As the admin typed it. */
  code: string;
  /** Upper-cased: what lookups and the unique index use, so codes match case-insensitively. */
  codeKey: string;
  kind: CouponKind;
  percentBps: number | null;
  amounts: Partial<Record<Currency, number>>;
  minAmounts: Partial<Record<Currency, number>>;
  validFrom: Date | null;
  validUntil: Date | null;
  usageLimit: number | null;
  perUserLimit: number | null;
  categoryIds: CategoryId[];
  sellerIds: string[];
  active: boolean;
  /** Who pays for the discount; absent on coupons written before sellers could fund one. */
  fundedBy?: CouponFunder;
  usedCount: number;
  /** The last orders counted in `usedCount`: a retried redemption is not counted twice. */
  recentOrderIds: string[];
  createdAt: Date;
  updatedAt: Date;
};

/**
 * One use of a coupon by an order; `slot` numbers a buyer's uses of it from 0 (the lowest free
 * one: a use given back frees its slot).
 */
export type RedemptionDoc = {
  _id: ObjectId;
  couponId: ObjectId;
  userId: string;
  orderId: string;
  slot: number;
  /** Whether the coupon's `usedCount` includes it yet. */
  counted: boolean;
  createdAt: Date;
};

export const couponIndexes: IndexDescription[] = [
  // Codes are unique case-insensitively (409 on a taken code).
  { key: { codeKey: 1 }, unique: true },
  // The console's list by date (same instant: by id).
  { key: { createdAt: -1, _id: -1 } },
];

export const redemptionIndexes: IndexDescription[] = [
  // An order uses a coupon at most once.
  { key: { couponId: 1, orderId: 1 }, unique: true },
  // A buyer's n-th use takes slot n: two concurrent uses cannot both take the last free slot,
  // which is what enforces the per-user limit without a transaction.
  { key: { couponId: 1, userId: 1, slot: 1 }, unique: true },
  // Giving an order's use back finds it by the order alone (its coupon may have been renamed).
  { key: { orderId: 1 } },
];

/** How many order ids a coupon remembers for idempotent counting. */
const REMEMBERED_ORDERS = 50;

const SORTABLE = new Set(['code', 'createdAt', 'usedCount', 'validUntil', 'active', 'kind']);
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export type CouponFields = Omit<
  CouponDoc,
  '_id' | 'usedCount' | 'recentOrderIds' | 'createdAt' | 'updatedAt'
>;

const isDuplicate = (err: unknown) => err instanceof MongoServerError && err.code === 11000;

/** The only code that touches the `coupons` and `couponRedemptions` collections. */
export function createCouponRepository(db: Db) {
  const coupons = db.collection<CouponDoc>('coupons');
  const redemptions = db.collection<RedemptionDoc>('couponRedemptions');
  return {
    findById: (id: ObjectId) => coupons.findOne({ _id: id }),
    findByCode: (code: string) => coupons.findOne({ codeKey: code.trim().toUpperCase() }),

    /** A console page, newest first unless asked otherwise; `q` matches part of the code. */
    async page(q: ListQuery, filter: { id?: ObjectId[]; q?: string; active?: boolean }) {
      const query: Filter<CouponDoc> = {};
      if (filter.id) query._id = { $in: filter.id };
      if (filter.q) query.codeKey = { $regex: escapeRegex(filter.q.toUpperCase()) };
      if (filter.active !== undefined) query.active = filter.active;
      const field = q.sort && SORTABLE.has(q.sort.field) ? q.sort.field : 'createdAt';
      const [rows, total] = await Promise.all([
        coupons
          .find(query)
          // The tie-breaker follows the order, so one index serves both directions.
          .sort({
            [field === 'code' ? 'codeKey' : field]: q.sort?.order ?? -1,
            _id: q.sort?.order ?? -1,
          })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        countMatching(coupons, query),
      ]);
      return { rows, total };
    },

    /** Inserts; a taken code fails with the driver's duplicate-key error. */
    async insert(fields: CouponFields, now: Date): Promise<CouponDoc> {
      const doc: CouponDoc = {
        _id: new ObjectId(),
        ...fields,
        usedCount: 0,
        recentOrderIds: [],
        createdAt: now,
        updatedAt: now,
      };
      await coupons.insertOne(doc);
      return doc;
    },

    update: (id: ObjectId, fields: CouponFields, now: Date) =>
      coupons.findOneAndUpdate(
        { _id: id },
        { $set: { ...fields, updatedAt: now } },
        { returnDocument: 'after' },
      ),

    remove: (id: ObjectId) => coupons.findOneAndDelete({ _id: id }),

    /**
     * Counts one use by `orderId` in a single conditional update: only while the coupon is
     * active, within its dates and under its total limit (as read: `usageLimit`), and only once
     * per order. False when any of that does not hold.
     */
    async countUse(
      id: ObjectId,
      usageLimit: number | null,
      orderId: string,
      now: Date,
    ): Promise<boolean> {
      const res = await coupons.updateOne(
        {
          _id: id,
          active: true,
          usageLimit,
          ...(usageLimit !== null && { usedCount: { $lt: usageLimit } }),
          recentOrderIds: { $ne: orderId },
          $and: [
            { $or: [{ validFrom: null }, { validFrom: { $lte: now } }] },
            { $or: [{ validUntil: null }, { validUntil: { $gt: now } }] },
          ],
        },
        {
          $inc: { usedCount: 1 },
          $push: { recentOrderIds: { $each: [orderId], $slice: -REMEMBERED_ORDERS } },
        },
      );
      return res.modifiedCount === 1;
    },

    /** Whether `usedCount` already includes this order (a retry after a crash). */
    hasCounted: async (id: ObjectId, orderId: string) =>
      (await coupons.countDocuments({ _id: id, recentOrderIds: orderId })) > 0,

    /**
     * Takes `orderId`'s use out of `usedCount`, in one conditional update that only matches
     * while the coupon remembers counting it: a second call (or one after a crash) changes
     * nothing. An order no longer remembered (over REMEMBERED_ORDERS uses since) keeps its use
     * counted: the total can only stay too high, never let a use through twice.
     */
    uncountUse: (id: ObjectId, orderId: string, now: Date) =>
      coupons.updateOne(
        { _id: id, recentOrderIds: orderId },
        { $inc: { usedCount: -1 }, $pull: { recentOrderIds: orderId }, $set: { updatedAt: now } },
      ),

    /** The use of a coupon by `orderId`, whichever coupon it was (an order uses one). */
    redemptionOfOrder: (orderId: string) => redemptions.findOne({ orderId }),

    removeRedemption: (id: ObjectId) => redemptions.deleteOne({ _id: id }),

    redemptionOf: (couponId: ObjectId, orderId: string) =>
      redemptions.findOne({ couponId, orderId }),

    usesBy: (couponId: ObjectId, userId: string) =>
      redemptions.countDocuments({ couponId, userId }),

    /** The buyer's lowest slot not taken: uses given back leave gaps, which are filled first. */
    async freeSlot(couponId: ObjectId, userId: string): Promise<number> {
      const taken = await redemptions
        .find({ couponId, userId }, { projection: { slot: 1 } })
        .sort({ slot: 1 })
        .toArray();
      const gap = taken.findIndex((r, i) => r.slot !== i);
      return gap === -1 ? taken.length : gap;
    },

    /** Takes the buyer's slot `slot`; null when it (or this order's redemption) is taken. */
    async takeSlot(fields: Omit<RedemptionDoc, '_id'>): Promise<RedemptionDoc | null> {
      const doc = { _id: new ObjectId(), ...fields };
      try {
        await redemptions.insertOne(doc);
        return doc;
      } catch (err) {
        if (isDuplicate(err)) return null;
        throw err;
      }
    },

    markCounted: (id: ObjectId) => redemptions.updateOne({ _id: id }, { $set: { counted: true } }),

    releaseSlot: (id: ObjectId) => redemptions.deleteOne({ _id: id, counted: false }),
  };
}
export type CouponRepository = ReturnType<typeof createCouponRepository>;
