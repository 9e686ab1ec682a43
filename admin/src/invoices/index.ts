import InvoiceIcon from '@mui/icons-material/ReceiptLong';
import type { ResourceProps } from 'react-admin';
import { InvoiceList } from './InvoiceList.tsx';

/** The `invoices` resource (read-only: issued by payments and refunds), spread into `<Resource />`. */
export default {
  list: InvoiceList,
  icon: InvoiceIcon,
} satisfies Omit<ResourceProps, 'name'>;
