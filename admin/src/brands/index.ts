import BusinessIcon from '@mui/icons-material/Business';
import type { ResourceProps } from 'react-admin';
import { BrandCreate, BrandEdit } from './BrandForm.tsx';
import { BrandList } from './BrandList.tsx';

/** The `brands` resource, spread into `<Resource name="brands" />`. */
export default {
  list: BrandList,
  create: BrandCreate,
  edit: BrandEdit,
  icon: BusinessIcon,
  recordRepresentation: 'name',
} satisfies Omit<ResourceProps, 'name'>;
