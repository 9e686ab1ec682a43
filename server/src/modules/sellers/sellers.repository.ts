import type { Db, Filter, IndexDescription, ObjectId } from 'mongodb';
import {
  NO_RATING,
  type RatingSummary,
  type SellerDefectRate,
  type SellerStatus,
} from '@market/shared';
import { idCondition, type ListQuery } from '../../lib/list-query.ts';
import { countMatching } from '../../db/count.ts';

export type SellerDoc = {
  /** Also the `sellerId` custom claim of the seller's account. */
  _id: string;
  /** Firebase uid of the account that runs this seller; null for a seller without a login. */
  uid: string | null;
  email: string;
  name: string;
  /** Trader data the EU's DSA asks marketplaces to hold. */
  registrationName: string;
  vatNumber: string;
  image: string | null;
  status: SellerStatus;
  statusReason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  /** Approved reviews' average and count: written only by the reviews module's moderation. */
  rating?: RatingSummary;
  /** Written only by the defect claims; offer ranking reads `per100`. */
  defectRate?: SellerDefectRate;
  /** The shop profile the seller edits (absent until first saved: empty, none). */
  description?: string;
  supportEmail?: string | null;
  /** Registered address: trader data, changed only through an approved legal change. */
  address?: string | null;
  /** A change of the trader data the seller asked for, waiting for an admin. */
  pendingLegalChange?: LegalChangeDoc;
  lastLegalDecision?: { decision: 'approved' | 'rejected'; reason: string | null; at: Date };
};

/** The trader data a seller asked to change to; `_id` names it in the admin's decision. */
export type LegalChangeDoc = {
  _id: ObjectId;
  registrationName: string;
  vatNumber: string;
  address: string | null;
  requestedAt: Date;
};

/** The shop fields a seller changes freely. */
export type ShopFields = Pick<SellerDoc, 'name' | 'description' | 'image' | 'supportEmail'>;

/** What the catalogue shows and ranks offers by: the shop's name, rating and defect rate. */
export type SellerStanding = { name: string; rating: RatingSummary; defectsPer100: number };

export const sellerIndexes: IndexDescription[] = [
  { key: { email: 1 }, unique: true },
  // The admin's applications queue: pending first, oldest first.
  { key: { status: 1, createdAt: 1, _id: 1 } },
  // The admin's list, newest first (same instant: by id); the sellers whose change of legal
  // details waits for a decision (an index of those alone).
  { key: { createdAt: -1, _id: -1 } },
  {
    key: { createdAt: -1, _id: -1, 'pendingLegalChange._id': 1 },
    partialFilterExpression: { pendingLegalChange: { $exists: true } },
  },
];

const SORTABLE = new Set(['createdAt', 'name', 'status', 'email']);
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The only code that touches the `sellers` collection. */
export function createSellerRepository(db: Db) {
  const sellers = db.collection<SellerDoc>('sellers');
  return {
    upsert: (doc: SellerDoc) =>
      sellers.updateOne({ _id: doc._id }, { $setOnInsert: doc }, { upsert: true }),
    insert: (doc: SellerDoc) => sellers.insertOne(doc),
    findById: (id: string) => sellers.findOne({ _id: id }),
    /** Shop names by seller id, in one query; unknown ids are absent. */
    async namesByIds(ids: string[]): Promise<Map<string, string>> {
      const docs = await sellers.find({ _id: { $in: ids } }, { projection: { name: 1 } }).toArray();
      return new Map(docs.map((d) => [d._id, d.name]));
    },
    /** Name, rating and defect rate by seller id, in one query; unknown ids are absent. */
    async standingsByIds(ids: string[]): Promise<Map<string, SellerStanding>> {
      const docs = await sellers
        .find({ _id: { $in: ids } }, { projection: { name: 1, rating: 1, defectRate: 1 } })
        .toArray();
      return new Map(
        docs.map((d) => [
          d._id,
          {
            name: d.name,
            rating: d.rating ?? NO_RATING,
            defectsPer100: d.defectRate?.per100 ?? 0,
          },
        ]),
      );
    },
    /** Writes a seller's rating as recomputed from its approved reviews (idempotent). */
    setRating: (id: string, rating: RatingSummary) =>
      sellers.updateOne({ _id: id }, { $set: { rating } }),
    /** Where a seller's mail goes (null: no such seller). */
    async emailOf(id: string): Promise<string | null> {
      const doc = await sellers.findOne({ _id: id }, { projection: { email: 1 } });
      return doc?.email ?? null;
    },
    /** What mails to sellers need (address, account, trader details), by id; unknown ids absent. */
    async contactsByIds(ids: string[]) {
      const docs = await sellers
        .find(
          { _id: { $in: ids } },
          { projection: { email: 1, uid: 1, name: 1, registrationName: 1, vatNumber: 1 } },
        )
        .toArray();
      return new Map(
        docs.map((d) => [
          d._id,
          {
            email: d.email,
            uid: d.uid,
            name: d.name,
            registrationName: d.registrationName,
            vatNumber: d.vatNumber,
          },
        ]),
      );
    },
    /** The approved trader details (DSA art. 30) invoices print for each line, by id. */
    async tradersByIds(ids: string[]) {
      const docs = await sellers
        .find(
          { _id: { $in: ids } },
          { projection: { name: 1, registrationName: 1, vatNumber: 1, address: 1 } },
        )
        .toArray();
      return new Map(
        docs.map((d) => [
          d._id,
          {
            id: d._id,
            name: d.name,
            registrationName: d.registrationName,
            vatNumber: d.vatNumber,
            address: d.address ?? null,
          },
        ]),
      );
    },
    /** The claims module's count of the seller's defective keys (a plain overwrite). */
    setDefectRate: (id: string, defectRate: SellerDefectRate) =>
      sellers.updateOne({ _id: id }, { $set: { defectRate } }),
    /** Every seller id, for the daily defect-rate count. */
    allIds: async () =>
      (await sellers.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id),
    /** The sellers among `ids` whose shop is approved (in good standing), in one query. */
    async approvedAmong(ids: string[]): Promise<Set<string>> {
      const docs = await sellers
        .find({ _id: { $in: ids }, status: 'approved' }, { projection: { _id: 1 } })
        .toArray();
      return new Set(docs.map((d) => d._id));
    },
    /** Moves a seller from one of `from` to `to`; null when its status was not in `from`. */
    transition: (id: string, from: SellerStatus[], to: SellerStatus, reason: string | null) =>
      sellers.findOneAndUpdate(
        { _id: id, status: { $in: from } },
        { $set: { status: to, statusReason: reason, decidedAt: new Date() } },
        { returnDocument: 'after' },
      ),
    /** The seller's own shop fields, applied at once. */
    updateShop: (id: string, fields: ShopFields) =>
      sellers.findOneAndUpdate({ _id: id }, { $set: fields }, { returnDocument: 'after' }),
    /** Asks for a legal change (replacing one waiting), or withdraws it (`null`). */
    setPendingLegalChange: (id: string, change: LegalChangeDoc | null) =>
      sellers.findOneAndUpdate(
        { _id: id },
        change ? { $set: { pendingLegalChange: change } } : { $unset: { pendingLegalChange: '' } },
        { returnDocument: 'after' },
      ),
    /**
     * Decides the waiting change `change` (as read): approved, its values become the seller's.
     * Conditional on that very change still waiting, so a newer request is never decided
     * unseen; null when it is not waiting any more.
     */
    decideLegalChange: (
      id: string,
      change: LegalChangeDoc,
      decision: 'approved' | 'rejected',
      reason: string | null,
    ) => {
      const { registrationName, vatNumber, address } = change;
      return sellers.findOneAndUpdate(
        { _id: id, 'pendingLegalChange._id': change._id },
        {
          $set: {
            ...(decision === 'approved' && { registrationName, vatNumber, address }),
            lastLegalDecision: { decision, reason, at: new Date() },
          },
          $unset: { pendingLegalChange: '' },
        },
        { returnDocument: 'after' },
      );
    },
    async page(
      q: ListQuery,
      filter: {
        id?: string | string[];
        q?: string;
        status?: SellerStatus;
        legalChangePending?: boolean;
      },
    ) {
      const query: Filter<SellerDoc> = {};
      if (filter.id) query._id = idCondition(filter.id);
      if (filter.status) query.status = filter.status;
      if (filter.legalChangePending) query.pendingLegalChange = { $exists: true };
      if (filter.q) {
        const re = { $regex: escapeRegex(filter.q), $options: 'i' };
        query.$or = [{ name: re }, { email: re }, { registrationName: re }, { vatNumber: re }];
      }
      const field = q.sort && SORTABLE.has(q.sort.field) ? q.sort.field : 'createdAt';
      const [rows, total] = await Promise.all([
        sellers
          .find(query)
          .sort({ [field]: q.sort?.order ?? -1, _id: q.sort?.order ?? -1 })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        countMatching(sellers, query),
      ]);
      return { rows, total };
    },
  };
}
export type SellerRepository = ReturnType<typeof createSellerRepository>;
