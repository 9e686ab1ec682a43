import type { SellerDecision, SellerStatus } from '@market/shared';

/** What each admin decision does: the statuses it may start from and the one it leads to. */
export const SELLER_TRANSITIONS: Record<
  SellerDecision,
  { from: SellerStatus[]; to: SellerStatus }
> = {
  approve: { from: ['pending', 'rejected', 'suspended'], to: 'approved' },
  reject: { from: ['pending'], to: 'rejected' },
  suspend: { from: ['approved'], to: 'suspended' },
};
