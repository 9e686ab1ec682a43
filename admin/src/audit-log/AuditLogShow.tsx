import { ChoiceChipField } from '@market/console-kit';
import { Show, SimpleShowLayout, DateField, TextField, useRecordContext } from 'react-admin';
import type { AuditEntry } from '@market/shared';
import { AuditOutcomeField } from './AuditOutcomeField.tsx';

export interface DetailsFieldProps {
  /** Read by `<SimpleShowLayout>` for the label. */
  label?: string;
  source?: string;
}

/** The entry's details (what changed) as indented JSON. */
function DetailsField(_props: DetailsFieldProps) {
  const record = useRecordContext<AuditEntry>();
  if (!record?.details) return null;
  return (
    <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
      {JSON.stringify(record.details, null, 2)}
    </pre>
  );
}

/** One audit entry, in full. */
export function AuditLogShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <DateField source="at" showTime />
        <ChoiceChipField source="action" labels="resources.audit-log.actions" />
        <TextField source="actor.email" emptyText="—" />
        <TextField source="actor.uid" />
        <TextField source="target.type" />
        <TextField source="target.id" />
        <TextField source="reason" emptyText="—" />
        <AuditOutcomeField label="resources.audit-log.fields.outcome" />
        <DetailsField source="details" />
        <TextField source="requestId" emptyText="—" />
        <TextField source="ip" emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
