import { formatCents } from '@market/console-kit';
import type { SellerSupplierConnection } from '@market/shared';
import { Typography } from '@mui/material';
import { useLocaleState, useRecordContext } from 'react-admin';

export interface BalanceFieldProps {
  /** Read by `<Datagrid>` / `<Labeled>` for the column header or label. */
  label?: string;
  sortable?: boolean;
}

/** The balance the last successful test found, in the supplier account's currency. */
export function BalanceField(_props: BalanceFieldProps) {
  const record = useRecordContext<SellerSupplierConnection>();
  const [locale] = useLocaleState();
  const balance = record?.lastCheck?.balance;
  if (!balance) return null;
  return (
    <Typography component="span" variant="body2">
      {formatCents(balance.cents, balance.currency, locale)}
    </Typography>
  );
}
