import RefundIcon from '@mui/icons-material/CurrencyExchange';
import type { ResourceProps } from 'react-admin';
import { RefundList } from './RefundList.tsx';

/** The seller's `refunds` resource: their refunded (or charged back) lines, read only. */
export default {
  list: RefundList,
  icon: RefundIcon,
} satisfies Omit<ResourceProps, 'name'>;
