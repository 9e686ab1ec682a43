import type { RefundRepository } from './refunds.repository.ts';

export type { RefundDoc } from './refunds.repository.ts';

/**
 * What other modules ask of refunds — the seller's sales (refunds touching their lines). They
 * are given this, never the repository, so how refunds are stored stays this module's business.
 */
export function createRefundFacade(repo: RefundRepository) {
  return {
    ofOrders: repo.ofOrders,
  };
}
export type RefundFacade = ReturnType<typeof createRefundFacade>;
