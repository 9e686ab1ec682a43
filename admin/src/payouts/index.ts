import PayoutIcon from '@mui/icons-material/AccountBalanceWallet';
import type { ResourceProps } from 'react-admin';
import { PayoutList } from './PayoutList.tsx';
import { PayoutShow } from './PayoutShow.tsx';

/** The `payouts` resource, spread into `<Resource name="payouts" />`. */
export default {
  list: PayoutList,
  show: PayoutShow,
  icon: PayoutIcon,
} satisfies Omit<ResourceProps, 'name'>;
