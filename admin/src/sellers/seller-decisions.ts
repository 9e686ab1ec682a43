import type { ChipProps } from '@mui/material';
import {
  SELLER_DECISIONS,
  SELLER_TRANSITIONS,
  type SellerDecision,
  type SellerStatus,
} from '@market/shared';

/** The decisions an admin may take on a seller in `status`, in the order of SELLER_DECISIONS. */
export function sellerDecisionsFrom(status: SellerStatus): SellerDecision[] {
  return SELLER_DECISIONS.filter((decision) => SELLER_TRANSITIONS[decision].from.includes(status));
}

/** Status chip colours: what needs the admin (pending) stands out. */
export const SELLER_STATUS_COLORS: Readonly<Record<SellerStatus, ChipProps['color']>> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  suspended: 'default',
};
