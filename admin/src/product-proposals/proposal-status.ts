import type { ChipProps } from '@mui/material';
import type { ProposalStatus } from '@market/shared';

/** Status chip colours: what needs the admin (pending) stands out. */
export const PROPOSAL_STATUS_COLORS: Readonly<Record<ProposalStatus, ChipProps['color']>> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
};
