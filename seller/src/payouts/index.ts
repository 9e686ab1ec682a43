import MovementsIcon from '@mui/icons-material/ReceiptLong';
import PayoutIcon from '@mui/icons-material/AccountBalanceWallet';
import type { ResourceProps } from 'react-admin';
import { LedgerEntryList } from './LedgerEntryList.tsx';
import { PayoutList, PayoutShow } from './PayoutList.tsx';

/** The `payouts` resource, spread into `<Resource name="payouts" />`. */
export default {
  list: PayoutList,
  show: PayoutShow,
  icon: PayoutIcon,
} satisfies Omit<ResourceProps, 'name'>;

/** The `ledger-entries` resource (balance movements), spread into `<Resource name="ledger-entries" />`. */
export const ledgerEntries = {
  list: LedgerEntryList,
  icon: MovementsIcon,
} satisfies Omit<ResourceProps, 'name'>;
