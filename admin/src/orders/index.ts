import ReceiptIcon from '@mui/icons-material/Receipt';
import ReviewIcon from '@mui/icons-material/RateReview';
import type { ResourceProps } from 'react-admin';
import { OrderList } from './OrderList.tsx';
import { OrderShow } from './OrderShow.tsx';
import { ReviewQueue } from './ReviewQueue.tsx';

/** The `orders` resource, spread into `<Resource name="orders" />`. */
export default {
  list: OrderList,
  show: OrderShow,
  icon: ReceiptIcon,
  recordRepresentation: 'number',
} satisfies Omit<ResourceProps, 'name'>;

/**
 * The review queue's menu entry, spread into `<Resource name="review-queue" />`: no API of its
 * own, its list reads `orders` with the status fixed to `review`.
 */
export const reviewQueue = {
  list: ReviewQueue,
  icon: ReviewIcon,
} satisfies Omit<ResourceProps, 'name'>;
