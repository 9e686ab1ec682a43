import type { ModuleDeclaration } from '../../runtime/module.ts';
import { proposalIndexes } from './product-proposals.repository.ts';
import { adminProposalRoutes, sellerProposalRoutes } from './product-proposals.routes.ts';
import type { ProposalService } from './product-proposals.service.ts';

/** Product proposals: products sellers ask for, and the admin's decisions on them. */
export const productProposalsModule = (given: { service: ProposalService }): ModuleDeclaration => ({
  name: 'product-proposals',
  indexes: { productProposals: proposalIndexes },
  routes: () => [adminProposalRoutes(given.service), sellerProposalRoutes(given.service)],
});
