import { Typography } from '@mui/material';
import { useLocaleState, useRecordContext } from 'react-admin';
import { toLocale } from '../i18n/locales.ts';
import { pickLocalized } from './localized-text.ts';

export interface LocalizedTextFieldProps {
  /** The record field holding a `{ en, it }` text. */
  source: string;
  /** Read by `<Datagrid>` / `<SimpleShowLayout>` for the column header or label. */
  label?: string;
  sortable?: boolean;
}

/** Shows a `{ en, it }` field of the current record in the active locale. */
export function LocalizedTextField({ source }: LocalizedTextFieldProps) {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  return (
    <Typography component="span" variant="body2">
      {pickLocalized(record?.[source], toLocale(locale))}
    </Typography>
  );
}
