import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import type { ResourceProps } from 'react-admin';
import { SaleList } from './SaleList.tsx';

/** The seller's `sales` resource (their order lines, never the buyer), spread into `<Resource />`. */
export default {
  list: SaleList,
  icon: ReceiptIcon,
  recordRepresentation: 'orderNumber',
} satisfies Omit<ResourceProps, 'name'>;
