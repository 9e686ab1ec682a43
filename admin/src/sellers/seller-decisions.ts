import type { ChipProps } from '@mui/material';
import { SELLER_DECISIONS, type SellerDecision, type SellerStatus } from '@market/shared';

/** The statuses each admin decision may be taken from (the server answers 409 otherwise). */
export const DECISION_FROM: Readonly<Record<SellerDecision, readonly SellerStatus[]>> = {
  approve: ['pending', 'rejected', 'suspended'],
  reject: ['pending'],
  suspend: ['approved'],
};

/** The decisions an admin may take on a seller in `status`, in the order of SELLER_DECISIONS. */
export function sellerDecisionsFrom(status: SellerStatus): SellerDecision[] {
  return SELLER_DECISIONS.filter((decision) => DECISION_FROM[decision].includes(status));
}

/** Status chip colours: what needs the admin (pending) stands out. */
export const SELLER_STATUS_COLORS: Readonly<Record<SellerStatus, ChipProps['color']>> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  suspended: 'default',
};
