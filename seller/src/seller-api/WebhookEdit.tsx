import {
  BooleanInput,
  CheckboxGroupInput,
  Datagrid,
  DateField,
  Edit,
  Labeled,
  NumberField,
  ReferenceManyField,
  SimpleForm,
  TextField,
  TextInput,
  required,
} from 'react-admin';
import { ChoiceChipField } from '@market/console-kit';
import { EVENT_CHOICES } from './WebhookCreate.tsx';
import { DELIVERY_STATUS_COLORS } from './WebhookDeliveryList.tsx';

/**
 * An endpoint: its URL, events and whether it is on (enabling it again clears the failure
 * count), then its latest deliveries.
 */
export function WebhookEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <SimpleForm>
        <TextInput source="url" type="url" validate={required()} fullWidth />
        <CheckboxGroupInput source="events" choices={EVENT_CHOICES} validate={required()} />
        <BooleanInput source="enabled" helperText="resources.webhooks.help.enabled" />
        <Labeled>
          <TextField source="secretHint" />
        </Labeled>
        <Labeled>
          <NumberField source="consecutiveFailures" />
        </Labeled>
        <Labeled>
          <TextField source="disabledReason" emptyText="—" />
        </Labeled>
        <ReferenceManyField
          reference="webhook-deliveries"
          target="endpointId"
          label="resources.webhooks.fields.deliveries"
          sort={{ field: 'createdAt', order: 'DESC' }}
          perPage={10}
        >
          <Datagrid bulkActionButtons={false} rowClick="show">
            <DateField source="createdAt" showTime />
            <ChoiceChipField source="type" labels="resources.webhooks.events" />
            <ChoiceChipField
              source="status"
              labels="resources.webhook-deliveries.statuses"
              colors={DELIVERY_STATUS_COLORS}
            />
            <NumberField source="attempts" />
            <TextField source="lastError" emptyText="—" />
          </Datagrid>
        </ReferenceManyField>
      </SimpleForm>
    </Edit>
  );
}
