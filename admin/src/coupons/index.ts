import CouponIcon from '@mui/icons-material/LocalOffer';
import type { ResourceProps } from 'react-admin';
import { CouponCreate } from './CouponCreate.tsx';
import { CouponEdit } from './CouponEdit.tsx';
import { CouponList } from './CouponList.tsx';

/** The `coupons` resource, spread into `<Resource name="coupons" />`. */
export default {
  list: CouponList,
  edit: CouponEdit,
  create: CouponCreate,
  icon: CouponIcon,
  recordRepresentation: 'code',
} satisfies Omit<ResourceProps, 'name'>;
