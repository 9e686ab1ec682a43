import type { LedgerRepository } from './ledger.repository.ts';

/**
 * What other modules ask of the sellers' ledger — orders (credits on delivery), refunds and
 * chargebacks (debits). They are given this, never the repository, so how the ledger is
 * stored stays this module's business.
 */
export function createLedgerFacade(repo: LedgerRepository) {
  return {
    balanceOf: repo.balanceOf,
    heldItemIds: repo.heldItemIds,
    ofOrder: repo.ofOrder,
    record: repo.record,
  };
}
export type LedgerFacade = ReturnType<typeof createLedgerFacade>;
