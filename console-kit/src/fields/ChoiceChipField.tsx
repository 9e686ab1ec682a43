import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

export interface ChoiceChipFieldProps {
  /** The record field holding one of a fixed set of values (a status, a role). */
  source: string;
  /** Translation key prefix: the value `pending` shows `<labels>.pending`. */
  labels: string;
  /** Chip colour per value; others are grey. */
  colors?: Readonly<Partial<Record<string, ChipProps['color']>>>;
  /** Read by `<Datagrid>` / `<SimpleShowLayout>` for the column header or label. */
  label?: string;
  sortable?: boolean;
}

/** A small chip with the translated name of a field's value, coloured by value. */
export function ChoiceChipField({ source, labels, colors = {} }: ChoiceChipFieldProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const value: unknown = record?.[source];
  if (typeof value !== 'string' || value === '') return null;
  return (
    <Chip
      size="small"
      label={translate(`${labels}.${value}`, { _: value })}
      color={colors[value] ?? 'default'}
    />
  );
}
