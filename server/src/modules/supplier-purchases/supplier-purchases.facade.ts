import type { SupplierPurchaseRepository } from './supplier-purchases.repository.ts';

export type { SupplierPurchaseDoc } from './supplier-purchases.repository.ts';

/**
 * What other modules ask of the book of supplier purchases — offers (restock batches), order
 * fulfilment (units bought after payment) and the admin's suppliers (error rates). They are given this, never the repository: every
 * purchase is recorded before the supplier is called, through here.
 */
export function createSupplierPurchaseFacade(repo: SupplierPurchaseRepository) {
  return {
    answered: repo.answered,
    attempt: repo.attempt,
    byOrder: repo.byOrder,
    failed: repo.failed,
    findByClientRef: repo.findByClientRef,
    findBySupplierPurchaseId: repo.findBySupplierPurchaseId,
    outcomesBySupplier: repo.outcomesBySupplier,
    record: repo.record,
    stored: repo.stored,
    unsettled: repo.unsettled,
  };
}
export type SupplierPurchaseFacade = ReturnType<typeof createSupplierPurchaseFacade>;
