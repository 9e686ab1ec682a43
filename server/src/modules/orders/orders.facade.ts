import type { OrderRepository } from './orders.repository.ts';

/**
 * What other modules ask of orders — the checkout (settlement, chargebacks), refunds,
 * affiliates and sellers' webhooks: the money side of an order. They are given this, never the repository, so how
 * orders are stored stays this module's business.
 */
export function createOrderFacade(repo: OrderRepository) {
  return {
    addLineKey: repo.addLineKey,
    approvedOfSellersSince: repo.approvedOfSellersSince,
    chargebackSettled: repo.chargebackSettled,
    claimRefund: repo.claimRefund,
    completeRefund: repo.completeRefund,
    countSince: repo.countSince,
    findById: repo.findById,
    findByProviderRef: repo.findByProviderRef,
    findOwn: repo.findOwn,
    markRefundRefused: repo.markRefundRefused,
    owingRefund: repo.owingRefund,
    releaseRefund: repo.releaseRefund,
    setRefunded: repo.setRefunded,
    summariesByIds: repo.summariesByIds,
    taxedBetween: repo.taxedBetween,
    unsettled: repo.unsettled,
    unsettledChargebacks: repo.unsettledChargebacks,
  };
}
export type OrderFacade = ReturnType<typeof createOrderFacade>;
