import CableIcon from '@mui/icons-material/Cable';
import type { ResourceProps } from 'react-admin';
import { SupplierConnectionCreate } from './SupplierConnectionCreate.tsx';
import { SupplierConnectionEdit } from './SupplierConnectionEdit.tsx';
import { SupplierConnectionList } from './SupplierConnectionList.tsx';

/** The seller's `supplier-connections` resource, spread into `<Resource name="supplier-connections" />`. */
export default {
  list: SupplierConnectionList,
  create: SupplierConnectionCreate,
  edit: SupplierConnectionEdit,
  icon: CableIcon,
  recordRepresentation: 'label',
} satisfies Omit<ResourceProps, 'name'>;
