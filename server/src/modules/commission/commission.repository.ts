import type { Db, Filter, IndexDescription, ObjectId } from 'mongodb';
import type { CategoryId, Currency } from '@market/shared';
import type { ListQuery } from '../../lib/list-query.ts';

/**
 * A commission rule: a rate (basis points) and a fixed fee per line per currency, for a category
 * (null: any) and a seller (null: any). The most specific rule wins (`commission.facade.ts`).
 */
export type CommissionRuleDoc = {
  _id: ObjectId;
  categoryId: CategoryId | null;
  sellerId: string | null;
  rateBps: number;
  feeCents: Record<Currency, number>;
  note: string;
  createdAt: Date;
  updatedAt: Date;
};

export const commissionRuleIndexes: IndexDescription[] = [
  // One rule per (seller, category) pair, nulls included: the resolution is never ambiguous.
  { key: { sellerId: 1, categoryId: 1 }, unique: true },
];

const SORTABLE = new Set(['categoryId', 'sellerId', 'rateBps', 'createdAt', 'updatedAt']);

/** The only code that touches the `commissionRules` collection. */
export function createCommissionRuleRepository(db: Db) {
  const rules = db.collection<CommissionRuleDoc>('commissionRules');
  return {
    findById: (id: ObjectId) => rules.findOne({ _id: id }),
    /** The rules that could apply to a line of this seller in this category. */
    candidates: (sellerId: string, categoryId: CategoryId) =>
      rules
        .find({ sellerId: { $in: [sellerId, null] }, categoryId: { $in: [categoryId, null] } })
        .toArray(),
    async page(q: ListQuery, filter: { id?: ObjectId[]; sellerId?: string }) {
      const query: Filter<CommissionRuleDoc> = {};
      if (filter.id) query._id = { $in: filter.id };
      if (filter.sellerId) query.sellerId = filter.sellerId;
      const field = q.sort && SORTABLE.has(q.sort.field) ? q.sort.field : 'createdAt';
      const [rows, total] = await Promise.all([
        rules
          .find(query)
          .sort({ [field]: q.sort?.order ?? -1, _id: 1 })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        rules.countDocuments(query),
      ]);
      return { rows, total };
    },
    /** Inserts; a taken (seller, category) pair fails with the driver's duplicate-key error. */
    insert: async (doc: CommissionRuleDoc) => {
      await rules.insertOne(doc);
      return doc;
    },
    update: (id: ObjectId, fields: Partial<CommissionRuleDoc>) =>
      rules.findOneAndUpdate({ _id: id }, { $set: fields }, { returnDocument: 'after' }),
    remove: (id: ObjectId) => rules.findOneAndDelete({ _id: id }),
  };
}
export type CommissionRuleRepository = ReturnType<typeof createCommissionRuleRepository>;
