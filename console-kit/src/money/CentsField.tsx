import { Typography } from '@mui/material';
import type { Currency } from '@market/shared';
import { useLocaleState, useRecordContext } from 'react-admin';
import { formatCents } from './cents.ts';

export interface CentsFieldProps {
  /** Which of the record's `prices` to show. */
  currency: Currency;
  /** Read by `<Datagrid>` / `<Labeled>` for the column header or label. */
  label?: string;
  source?: string;
  sortable?: boolean;
}

/** One of an offer's prices, stored in cents, as the active locale writes it. */
export function CentsField({ currency }: CentsFieldProps) {
  const record = useRecordContext<{ prices?: Partial<Record<Currency, number>> }>();
  const [locale] = useLocaleState();
  const cents = record?.prices?.[currency];
  if (typeof cents !== 'number') return null;
  return (
    <Typography component="span" variant="body2">
      {formatCents(cents, currency, locale)}
    </Typography>
  );
}
