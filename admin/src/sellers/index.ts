import StorefrontIcon from '@mui/icons-material/Storefront';
import type { ResourceProps } from 'react-admin';
import { SellerList } from './SellerList.tsx';
import { SellerShow } from './SellerShow.tsx';

/** The `sellers` resource, spread into `<Resource name="sellers" />`. */
export default {
  list: SellerList,
  show: SellerShow,
  icon: StorefrontIcon,
  recordRepresentation: 'name',
} satisfies Omit<ResourceProps, 'name'>;
