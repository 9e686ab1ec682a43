import RateReviewIcon from '@mui/icons-material/RateReview';
import type { ResourceProps } from 'react-admin';
import { ReviewList } from './ReviewList.tsx';
import { ReviewShow } from './ReviewShow.tsx';

/** The `reviews` resource (moderation queue), spread into `<Resource name="reviews" />`. */
export default {
  list: ReviewList,
  show: ReviewShow,
  icon: RateReviewIcon,
  recordRepresentation: (record: { productName?: string }) => record.productName ?? '',
} satisfies Omit<ResourceProps, 'name'>;
