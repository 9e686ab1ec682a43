import type { Db, Filter, IndexDescription, ObjectId } from 'mongodb';
import type { ProductProposalCreate, ProposalStatus } from '@market/shared';
import type { ListQuery } from '../../lib/list-query.ts';
import { countMatching } from '../../db/count.ts';

export type ProposalDoc = ProductProposalCreate & {
  _id: ObjectId;
  sellerId: string;
  status: ProposalStatus;
  /** The rejection's reason; null otherwise. */
  reason: string | null;
  /** The product an approval created. */
  productId: ObjectId | null;
  createdAt: Date;
  decidedAt: Date | null;
};

export const proposalIndexes: IndexDescription[] = [
  // A seller's own list, newest first.
  { key: { sellerId: 1, createdAt: -1, _id: -1 } },
  // The admin's status tabs, and all of them.
  { key: { status: 1, createdAt: -1, _id: -1 } },
  { key: { createdAt: -1, _id: -1 } },
];

const SORTABLE = new Set(['createdAt', 'status', 'name.en', 'decidedAt']);

/** What the proposal lists filter on; `sellerId` scopes a seller's own list. */
export type ProposalFilter = {
  sellerId?: string | undefined;
  status?: ProposalStatus | undefined;
  ids?: ObjectId[] | undefined;
};

/** The only code that touches the `productProposals` collection. */
export function createProposalRepository(db: Db) {
  const proposals = db.collection<ProposalDoc>('productProposals');
  return {
    insert: (doc: ProposalDoc) => proposals.insertOne(doc),
    /** A proposal by id, limited to one seller's when `sellerId` is given. */
    findOne: (id: ObjectId, sellerId?: string) =>
      proposals.findOne(sellerId === undefined ? { _id: id } : { _id: id, sellerId }),
    async page(filter: ProposalFilter, q: ListQuery) {
      const query: Filter<ProposalDoc> = {};
      if (filter.sellerId !== undefined) query.sellerId = filter.sellerId;
      if (filter.status) query.status = filter.status;
      if (filter.ids) query._id = { $in: filter.ids };
      const field = q.sort && SORTABLE.has(q.sort.field) ? q.sort.field : 'createdAt';
      const order = q.sort && SORTABLE.has(q.sort.field) ? q.sort.order : -1;
      const [rows, total] = await Promise.all([
        proposals
          .find(query)
          .sort({ [field]: order, _id: order })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        countMatching(proposals, query),
      ]);
      return { rows, total };
    },
    /** Moves a pending proposal to a decision; null when it is no longer pending. */
    decide: (
      id: ObjectId,
      set: Pick<ProposalDoc, 'status' | 'reason' | 'productId' | 'decidedAt'>,
    ) =>
      proposals.findOneAndUpdate(
        { _id: id, status: 'pending' },
        { $set: set },
        { returnDocument: 'after' },
      ),
    /** Puts an approval back to pending when creating its product failed. */
    undoApproval: (id: ObjectId) =>
      proposals.updateOne(
        { _id: id, status: 'approved' },
        { $set: { status: 'pending', productId: null, decidedAt: null } },
      ),
  };
}
export type ProposalRepository = ReturnType<typeof createProposalRepository>;
