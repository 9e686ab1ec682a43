import { Typography } from '@mui/material';
import { formatCents } from '@market/console-kit';
import { CURRENCIES, type Currency } from '@market/shared';
import { useFieldValue, useLocaleState, useRecordContext } from 'react-admin';

export interface MoneyFieldProps {
  /** The record's field holding cents (a path: `totals.total`). */
  source: string;
  /** The currency; the record's own `currency` when left out. */
  currency?: Currency;
  /** Read by `<Datagrid>` / `<SimpleShowLayout>` for the column header or label. */
  label?: string;
  sortable?: boolean;
  sortBy?: string;
  textAlign?: 'left' | 'right';
}

const isCurrency = (value: unknown): value is Currency => CURRENCIES.includes(value as Currency);

/** An amount in cents, written in its currency as the active locale writes money. */
export function MoneyField({ source, currency }: MoneyFieldProps) {
  const record = useRecordContext();
  const cents: unknown = useFieldValue({ source });
  const [locale] = useLocaleState();
  const code = currency ?? record?.['currency'];
  if (typeof cents !== 'number' || !isCurrency(code)) return null;
  return (
    <Typography component="span" variant="body2">
      {formatCents(cents, code, locale)}
    </Typography>
  );
}
