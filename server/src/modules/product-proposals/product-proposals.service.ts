import { ObjectId } from 'mongodb';
import type { ProductProposal, ProductProposalCreate, ProposalStatus } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { ListQuery } from '../../lib/list-query.ts';
import { toObjectId, type ProductAdminService } from '../products/product-admin.service.ts';
import type { ProposalDoc, ProposalRepository } from './product-proposals.repository.ts';

export function toProposal(doc: ProposalDoc): ProductProposal {
  return {
    id: doc._id.toHexString(),
    sellerId: doc.sellerId,
    name: doc.name,
    description: doc.description,
    categoryId: doc.categoryId,
    brand: doc.brand,
    platform: doc.platform,
    region: doc.region,
    type: doc.type,
    denomination: doc.denomination,
    images: doc.images,
    tags: doc.tags,
    note: doc.note,
    status: doc.status,
    reason: doc.reason,
    productId: doc.productId?.toHexString() ?? null,
    createdAt: doc.createdAt.toISOString(),
    decidedAt: doc.decidedAt?.toISOString() ?? null,
  };
}

type ListFilter = { status?: ProposalStatus | undefined; id?: string | string[] | undefined };

const notPending = (doc: ProposalDoc) =>
  new AppError('CONFLICT', { message: `This proposal is already ${doc.status}` });

/**
 * Sellers propose products; admins approve (creating the product through the admin's own
 * product service, so the same checks apply) or reject with a reason.
 */
export function createProposalService(deps: {
  proposals: ProposalRepository;
  productAdmin: Pick<ProductAdminService, 'checkReferences' | 'create'>;
}) {
  const { proposals, productAdmin } = deps;

  /** A proposal by id; with `sellerId`, another seller's answers exactly like a missing one. */
  const find = async (id: string, sellerId?: string) => {
    const oid = toObjectId(id);
    const doc = oid && (await proposals.findOne(oid, sellerId));
    if (!doc) throw new AppError('NOT_FOUND', { message: 'No such proposal' });
    return doc;
  };

  return {
    /** A seller's new proposal: the platform is checked now, so the admin can approve it as is. */
    async propose(sellerId: string, input: ProductProposalCreate): Promise<ProductProposal> {
      await productAdmin.checkReferences(input);
      const doc: ProposalDoc = {
        ...input,
        _id: new ObjectId(),
        sellerId,
        status: 'pending',
        reason: null,
        productId: null,
        createdAt: new Date(),
        decidedAt: null,
      };
      await proposals.insert(doc);
      return toProposal(doc);
    },

    /** A page of proposals: a seller's own when `sellerId` is given, else everyone's. */
    async list(sellerId: string | undefined, filter: ListFilter, q: ListQuery) {
      const ids =
        filter.id === undefined
          ? undefined
          : (Array.isArray(filter.id) ? filter.id : [filter.id]).flatMap(
              (hex) => toObjectId(hex) ?? [],
            );
      const { rows, total } = await proposals.page({ sellerId, status: filter.status, ids }, q);
      return { rows: rows.map(toProposal), total };
    },

    async get(id: string, sellerId?: string): Promise<ProductProposal> {
      return toProposal(await find(id, sellerId));
    },

    /**
     * Approves a pending proposal and creates its product (a brand it names is created if
     * missing). The decision is taken first, atomically, so two approvals cannot create two
     * products; if the product cannot be created the proposal goes back to pending.
     */
    async approve(id: string): Promise<ProductProposal> {
      const current = await find(id);
      if (current.status !== 'pending') throw notPending(current);
      await productAdmin.checkReferences(current);
      const productId = new ObjectId();
      const decided = await proposals.decide(current._id, {
        status: 'approved',
        reason: null,
        productId,
        decidedAt: new Date(),
      });
      if (!decided) throw notPending(await find(id));
      try {
        // The proposal carries every product field but the slug, which is derived.
        await productAdmin.create(current, { id: productId, createBrand: true });
      } catch (err) {
        await proposals.undoApproval(current._id);
        throw err;
      }
      return toProposal(decided);
    },

    async reject(id: string, reason: string): Promise<ProductProposal> {
      const current = await find(id);
      if (current.status !== 'pending') throw notPending(current);
      const decided = await proposals.decide(current._id, {
        status: 'rejected',
        reason,
        productId: null,
        decidedAt: new Date(),
      });
      if (!decided) throw notPending(await find(id));
      return toProposal(decided);
    },
  };
}
export type ProposalService = ReturnType<typeof createProposalService>;
