import { Chip, type ChipProps } from '@mui/material';
import type { AuditEntry } from '@market/shared';
import { useRecordContext, useTranslate } from 'react-admin';

const OUTCOME_COLORS: Readonly<Record<string, ChipProps['color']>> = {
  succeeded: 'success',
  refused: 'warning',
  failed: 'error',
};

export interface AuditOutcomeFieldProps {
  /** Read by `<Datagrid>` / `<SimpleShowLayout>` for the column header or label. */
  label?: string;
  sortable?: boolean;
}

/**
 * How an admin write recorded by the audit trail ended (`details.outcome`: succeeded, refused,
 * failed); empty for a service's own entry, which is only written for what was done.
 */
export function AuditOutcomeField(_props: AuditOutcomeFieldProps) {
  const record = useRecordContext<AuditEntry>();
  const translate = useTranslate();
  const outcome = record?.details?.['outcome'];
  if (typeof outcome !== 'string') return null;
  return (
    <Chip
      size="small"
      label={translate(`resources.audit-log.outcomes.${outcome}`, { _: outcome })}
      color={OUTCOME_COLORS[outcome] ?? 'default'}
    />
  );
}
