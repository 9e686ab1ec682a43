import WarehouseIcon from '@mui/icons-material/Warehouse';
import type { ResourceProps } from 'react-admin';
import { SupplierCatalogueList } from './SupplierCatalogueList.tsx';

/** The seller's `supplier-products` resource: a connected supplier's catalogue, to map and import. */
export default {
  list: SupplierCatalogueList,
  icon: WarehouseIcon,
  recordRepresentation: 'name',
} satisfies Omit<ResourceProps, 'name'>;
