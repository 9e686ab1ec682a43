import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import type { ResourceProps } from 'react-admin';
import { SaleList } from './SaleList.tsx';
import { SaleShow } from './SaleShow.tsx';

/** The seller's `sales` resource (their order lines, never the buyer), spread into `<Resource />`. */
export default {
  list: SaleList,
  show: SaleShow,
  icon: ReceiptIcon,
  recordRepresentation: 'orderNumber',
} satisfies Omit<ResourceProps, 'name'>;
