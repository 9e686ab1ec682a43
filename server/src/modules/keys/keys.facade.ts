import type { KeyRepository } from './keys.repository.ts';

export type { OrderKeyDoc } from './keys.repository.ts';

/**
 * What other modules ask of keys — offers (uploads, stock), orders (reservations, delivery,
 * reveals) and refunds and chargebacks (keys taken back). They are given this, never the
 * repository, so how keys are stored stays this module's business.
 */
export function createKeyFacade(repo: KeyRepository) {
  return {
    claimOnce: repo.claimOnce,
    countAvailable: repo.countAvailable,
    countsByOffer: repo.countsByOffer,
    countSoldSince: repo.countSoldSince,
    holdForReview: repo.holdForReview,
    holdersOf: repo.holdersOf,
    insertNew: repo.insertNew,
    markRevealed: repo.markRevealed,
    ofOrder: repo.ofOrder,
    ofOrders: repo.ofOrders,
    releaseOne: repo.releaseOne,
    reserveOne: repo.reserveOne,
    reservedBefore: repo.reservedBefore,
    returnUnrevealed: repo.returnUnrevealed,
    revokeDefective: repo.revokeDefective,
    revokeRevealed: repo.revokeRevealed,
    revokeUnrevealed: repo.revokeUnrevealed,
    sellOne: repo.sellOne,
    soldOfOrder: repo.soldOfOrder,
  };
}
export type KeyFacade = ReturnType<typeof createKeyFacade>;
