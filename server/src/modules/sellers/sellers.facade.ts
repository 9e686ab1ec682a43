import type { SellerRepository } from './sellers.repository.ts';

/**
 * What other modules ask of sellers — offers (shop names) and orders (suspended sellers are
 * credited nothing). They are given this, never the repository, so how sellers are stored stays
 * this module's business.
 */
export function createSellerFacade(repo: SellerRepository) {
  return {
    allIds: repo.allIds,
    approvedAmong: repo.approvedAmong,
    contactsByIds: repo.contactsByIds,
    emailOf: repo.emailOf,
    namesByIds: repo.namesByIds,
    setDefectRate: repo.setDefectRate,
    setRating: repo.setRating,
    standingsByIds: repo.standingsByIds,
    tradersByIds: repo.tradersByIds,
  };
}
export type SellerFacade = ReturnType<typeof createSellerFacade>;
