import type { WebhookEndpoint } from '@market/shared';
import { Chip } from '@mui/material';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  TextField,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Chips } from './ApiTokenList.tsx';

function EnabledField(_: { label?: string }) {
  const record = useRecordContext<WebhookEndpoint>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={record.enabled ? 'success' : 'error'}
      label={translate(`resources.webhooks.states.${record.enabled ? 'enabled' : 'disabled'}`)}
    />
  );
}

/** The seller's webhook endpoints, with their state (disabled after failures in a row). */
export function WebhookList() {
  return (
    <List sort={{ field: 'createdAt', order: 'DESC' }} exporter={false}>
      <Datagrid bulkActionButtons={false} rowClick="edit">
        <TextField source="url" sortable={false} />
        <FunctionField<WebhookEndpoint>
          source="events"
          sortable={false}
          render={(r) => <Chips values={r.events} />}
        />
        <EnabledField label="resources.webhooks.fields.enabled" />
        <NumberField source="consecutiveFailures" sortable={false} />
        <DateField source="createdAt" showTime sortable={false} />
      </Datagrid>
    </List>
  );
}
