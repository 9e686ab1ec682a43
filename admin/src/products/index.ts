import InventoryIcon from '@mui/icons-material/Inventory2';
import type { ResourceProps } from 'react-admin';
import { ProductCreate } from './ProductCreate.tsx';
import { ProductEdit } from './ProductEdit.tsx';
import { ProductList } from './ProductList.tsx';
import { ProductShow } from './ProductShow.tsx';

/** The `products` resource, spread into `<Resource name="products" />`. */
export default {
  list: ProductList,
  show: ProductShow,
  edit: ProductEdit,
  create: ProductCreate,
  icon: InventoryIcon,
  recordRepresentation: (record: { name?: { en?: string } }) => record.name?.en ?? '',
} satisfies Omit<ResourceProps, 'name'>;
