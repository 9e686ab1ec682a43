import RefundIcon from '@mui/icons-material/CurrencyExchange';
import type { ResourceProps } from 'react-admin';
import { RefundList } from './RefundList.tsx';
import { RefundShow } from './RefundShow.tsx';

/** The `refunds` resource (read-only: refunds start from an order), spread into `<Resource />`. */
export default {
  list: RefundList,
  show: RefundShow,
  icon: RefundIcon,
} satisfies Omit<ResourceProps, 'name'>;
