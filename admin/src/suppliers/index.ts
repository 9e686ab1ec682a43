import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import type { ResourceProps } from 'react-admin';
import { SupplierEdit } from './SupplierEdit.tsx';
import { SupplierList } from './SupplierList.tsx';

/** The `suppliers` resource, spread into `<Resource name="suppliers" />`. */
export default {
  list: SupplierList,
  edit: SupplierEdit,
  icon: LocalShippingIcon,
  recordRepresentation: 'name',
} satisfies Omit<ResourceProps, 'name'>;
