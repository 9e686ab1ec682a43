import type { SupplierConnectionRepository } from './supplier-connections.repository.ts';

/**
 * What other modules ask of the sellers' supplier connections without going through a seller —
 * the admin's suppliers (how many sellers use each). They are given this, never the repository.
 */
export function createSupplierConnectionFacade(repo: SupplierConnectionRepository) {
  return {
    countBySupplier: repo.countBySupplier,
  };
}
export type SupplierConnectionFacade = ReturnType<typeof createSupplierConnectionFacade>;
