import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { ResourceProps } from 'react-admin';
import { SupplierPurchaseList } from './SupplierPurchaseList.tsx';

/** The `supplier-purchases` resource, spread into `<Resource name="supplier-purchases" />`. */
export default {
  list: SupplierPurchaseList,
  icon: ReceiptLongIcon,
  recordRepresentation: 'clientRef',
} satisfies Omit<ResourceProps, 'name'>;
