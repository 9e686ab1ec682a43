import { z } from 'zod';
import {
  ProductProposalCreateSchema,
  ProductProposalSchema,
  ProposalRejectSchema,
  ProposalStatusSchema,
} from '@market/shared';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import { currentUser } from '../../middleware/auth.ts';
import type { ProposalService } from './product-proposals.service.ts';

/** The proposal list filters of both consoles. */
export const ProposalFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  status: ProposalStatusSchema.optional(),
});

const PROPOSAL_ORDER =
  'Newest first unless `sort` names `createdAt`, `status`, `name.en` or `decidedAt`.';

/** `currentUser(c).sellerId`: set for every request past `requireApprovedSeller`. */
const shopOf = (c: Parameters<typeof currentUser>[0]) => currentUser(c).sellerId!;

const sellerProposal = rest(
  ['the caller’s product proposals', 'one of the caller’s product proposals'],
  ProductProposalSchema,
);

/** The seller console's `product-proposals`: propose, and follow one's own proposals. */
export const sellerProposalRoutes = (service: ProposalService) =>
  routes('/seller/product-proposals', { tag: 'seller', access: 'seller' })
    .get(
      '/',
      sellerProposal.list({ filter: ProposalFilterSchema, description: PROPOSAL_ORDER }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.list(shopOf(c), q.filter, q);
        return listResponse(c, 'product-proposals', q, rows, total);
      },
    )
    .get('/:id', sellerProposal.getOne(), async (c) =>
      c.json(await service.get(c.req.param('id'), shopOf(c))),
    )
    .post(
      '/',
      sellerProposal.create({
        summary: 'Propose a product missing from the catalogue',
        description:
          'An admin approves it (which creates the product) or rejects it with a reason the seller reads here.',
        body: ProductProposalCreateSchema,
      }),
      async (c) => c.json(await service.propose(shopOf(c), c.req.valid('json')), 201),
    );

const adminProposal = rest(
  ['sellers’ product proposals', 'a product proposal'],
  ProductProposalSchema,
);

/** The admin console's `product-proposals` with the approve and reject actions. */
export const adminProposalRoutes = (service: ProposalService) =>
  routes('/admin/product-proposals', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      adminProposal.list({ filter: ProposalFilterSchema, description: PROPOSAL_ORDER }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.list(undefined, q.filter, q);
        return listResponse(c, 'product-proposals', q, rows, total);
      },
    )
    .get('/:id', adminProposal.getOne(), async (c) => c.json(await service.get(c.req.param('id'))))
    .post(
      '/:id/approve',
      {
        summary: 'Approve a pending proposal: creates the product',
        description: '409 once the proposal is decided, or when the product cannot be created.',
        response: { status: 200, description: 'The proposal', schema: ProductProposalSchema },
        errors: [409],
      },
      async (c) => c.json(await service.approve(c.req.param('id'))),
    )
    .post(
      '/:id/reject',
      {
        summary: 'Reject a pending proposal with a reason the seller reads',
        body: ProposalRejectSchema,
        response: { status: 200, description: 'The proposal', schema: ProductProposalSchema },
        errors: [409],
      },
      async (c) => c.json(await service.reject(c.req.param('id'), c.req.valid('json').reason)),
    );
