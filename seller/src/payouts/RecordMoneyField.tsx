import { formatCents } from '@market/console-kit';
import type { Currency } from '@market/shared';
import { useLocaleState, useRecordContext } from 'react-admin';

/** Cents of the record's field `source`, written in the record's own currency. */
export function RecordMoneyField({
  source,
}: {
  source: string;
  /** Read by `<Datagrid>` / `<SimpleShowLayout>`. */
  label?: string;
  sortable?: boolean;
}) {
  const record = useRecordContext<Record<string, unknown>>();
  const [locale] = useLocaleState();
  const cents = record?.[source];
  if (typeof cents !== 'number') return null;
  return <>{formatCents(cents, record!['currency'] as Currency, locale)}</>;
}
