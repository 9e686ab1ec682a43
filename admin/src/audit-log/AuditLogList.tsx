import { ChoiceChipField, csvExporter } from '@market/console-kit';
import { AUDIT_ACTIONS } from '@market/shared';
import { AuditOutcomeField } from './AuditOutcomeField.tsx';
import { Datagrid, DateField, List, SelectInput, TextField, TextInput } from 'react-admin';

/** CSV of what the list shows (its current filter and sort); the columns named one by one. */
const auditExporter = csvExporter('audit-log', [
  'id',
  'at',
  'actor.email',
  'action',
  'target.type',
  'target.id',
  'reason',
]);

const actionChoices = AUDIT_ACTIONS.map((action) => ({
  id: action,
  name: `resources.audit-log.actions.${action}`,
}));

const auditFilters = [
  <SelectInput key="action" source="action" choices={actionChoices} alwaysOn />,
  <TextInput key="actorUid" source="actorUid" />,
  <TextInput key="targetId" source="targetId" />,
];

/** What admins did, newest first: who, what, to which record and why. */
export function AuditLogList() {
  return (
    <List filters={auditFilters} sort={{ field: 'at', order: 'DESC' }} exporter={auditExporter}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="at" showTime />
        <TextField source="actor.email" sortable={false} emptyText="—" />
        <ChoiceChipField source="action" labels="resources.audit-log.actions" sortable={false} />
        <TextField source="target.type" sortable={false} />
        <TextField source="target.id" sortable={false} />
        <TextField source="reason" sortable={false} emptyText="—" />
        <AuditOutcomeField label="resources.audit-log.fields.outcome" sortable={false} />
      </Datagrid>
    </List>
  );
}
