import {
  DateField,
  FunctionField,
  NumberField,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
} from 'react-admin';
import type { WebhookDelivery } from '@market/shared';
import { ChoiceChipField } from '@market/console-kit';
import { ResendButton } from './ResendButton.tsx';
import { DELIVERY_STATUS_COLORS } from './WebhookDeliveryList.tsx';

/** One delivery: its event id (receivers dedupe on it), state and the JSON body sent. */
export function WebhookDeliveryShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <ResendButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="eventId" />
        <ChoiceChipField source="type" labels="resources.webhooks.events" />
        <ReferenceField source="endpointId" reference="webhooks" link="edit">
          <TextField source="url" />
        </ReferenceField>
        <ChoiceChipField
          source="status"
          labels="resources.webhook-deliveries.statuses"
          colors={DELIVERY_STATUS_COLORS}
        />
        <NumberField source="attempts" />
        <NumberField source="lastStatusCode" emptyText="—" />
        <TextField source="lastError" emptyText="—" />
        <DateField source="nextAttemptAt" showTime emptyText="—" />
        <DateField source="deliveredAt" showTime emptyText="—" />
        <DateField source="createdAt" showTime />
        <FunctionField<WebhookDelivery>
          source="payload"
          render={(r) => (
            <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
              {JSON.stringify(r.payload, null, 2)}
            </pre>
          )}
        />
      </SimpleShowLayout>
    </Show>
  );
}
