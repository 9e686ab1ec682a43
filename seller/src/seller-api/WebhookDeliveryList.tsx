import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from '@market/shared';
import type { ChipProps } from '@mui/material';
import {
  Datagrid,
  DateField,
  List,
  NumberField,
  ReferenceField,
  SelectInput,
  TextField,
} from 'react-admin';
import { ChoiceChipField } from '@market/console-kit';
import { ResendButton } from './ResendButton.tsx';

export const DELIVERY_STATUS_COLORS: Readonly<Record<string, ChipProps['color']>> = {
  pending: 'warning',
  delivered: 'success',
  failed: 'error',
};

const filters = [
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    choices={WEBHOOK_DELIVERY_STATUSES.map((id) => ({
      id,
      name: `resources.webhook-deliveries.statuses.${id}`,
    }))}
  />,
  <SelectInput
    key="type"
    source="type"
    choices={WEBHOOK_EVENT_TYPES.map((id) => ({ id, name: `resources.webhooks.events.${id}` }))}
  />,
];

/** Every event sent (or being sent) to the seller's endpoints, newest first, with resend. */
export function WebhookDeliveryList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} exporter={false}>
      <Datagrid bulkActionButtons={false} rowClick="show">
        <DateField source="createdAt" showTime />
        <ChoiceChipField source="type" labels="resources.webhooks.events" />
        <ReferenceField source="endpointId" reference="webhooks" link="edit" sortable={false}>
          <TextField source="url" />
        </ReferenceField>
        <ChoiceChipField
          source="status"
          labels="resources.webhook-deliveries.statuses"
          colors={DELIVERY_STATUS_COLORS}
        />
        <NumberField source="attempts" />
        <TextField source="lastError" sortable={false} emptyText="—" />
        <DateField source="nextAttemptAt" showTime emptyText="—" />
        <ResendButton />
      </Datagrid>
    </List>
  );
}
