import RateReviewIcon from '@mui/icons-material/RateReview';
import type { ResourceProps } from 'react-admin';
import { ReviewEdit } from './ReviewEdit.tsx';
import { ReviewList } from './ReviewList.tsx';

/** The seller's `reviews` resource (approved reviews of their sales; one reply each). */
export default {
  list: ReviewList,
  edit: ReviewEdit,
  icon: RateReviewIcon,
  recordRepresentation: 'productName',
} satisfies Omit<ResourceProps, 'name'>;
