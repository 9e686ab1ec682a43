import type { ChipProps } from '@mui/material';
import type { ReviewStatus } from '@market/shared';

/** Status chip colours: what needs the admin (pending) stands out. */
export const REVIEW_STATUS_COLORS: Readonly<Record<ReviewStatus, ChipProps['color']>> = {
  pending: 'warning',
  approved: 'success',
  hidden: 'default',
};
