import { ChoiceChipField } from '@market/console-kit';
import { Stack } from '@mui/material';
import {
  BooleanInput,
  DateField,
  Edit,
  FormDataConsumer,
  Labeled,
  SelectField,
  SimpleForm,
  TextField,
  TextInput,
  TopToolbar,
  type EditProps,
} from 'react-admin';
import { BalanceField } from './BalanceField.tsx';
import {
  BREAKER_COLORS,
  CONNECTION_STATUS_COLORS,
  SUPPLIER_CHOICES,
  toConnectionUpdate,
  validateConnectionUpdate,
} from './connection-form.ts';
import { CredentialInputs } from './CredentialInputs.tsx';
import { TestConnectionButton } from './TestConnectionButton.tsx';

function ConnectionEditActions() {
  return (
    <TopToolbar>
      <TestConnectionButton />
    </TopToolbar>
  );
}

/** What the last test and sync found; the credentials themselves are never shown. */
function ConnectionState() {
  return (
    <Stack direction="row" spacing={4} sx={{ flexWrap: 'wrap' }} useFlexGap>
      <Labeled>
        <SelectField source="supplier" choices={SUPPLIER_CHOICES} />
      </Labeled>
      <Labeled>
        <TextField source="credentialsHint" />
      </Labeled>
      <Labeled>
        <ChoiceChipField
          source="status"
          labels="resources.supplier-connections.statuses"
          colors={CONNECTION_STATUS_COLORS}
        />
      </Labeled>
      <Labeled label="resources.supplier-connections.fields.balance">
        <BalanceField />
      </Labeled>
      <Labeled>
        <ChoiceChipField
          source="breaker"
          labels="resources.supplier-connections.breakers"
          colors={BREAKER_COLORS}
        />
      </Labeled>
      <Labeled>
        <DateField source="lastCheck.at" showTime emptyText="—" />
      </Labeled>
      <Labeled>
        <DateField source="lastSyncAt" showTime emptyText="—" />
      </Labeled>
      <Labeled>
        <TextField source="lastError.message" emptyText="—" />
      </Labeled>
    </Stack>
  );
}

/**
 * A connection's state and test, its label, and new credentials when the seller replaces them
 * (the connection is untested again until the next test).
 */
export function SupplierConnectionEdit({ id }: Pick<EditProps, 'id'>) {
  return (
    <Edit
      id={id}
      transform={toConnectionUpdate}
      mutationMode="pessimistic"
      actions={<ConnectionEditActions />}
    >
      <SimpleForm validate={validateConnectionUpdate}>
        <ConnectionState />
        <TextInput
          source="label"
          helperText="resources.supplier-connections.help.label"
          fullWidth
        />
        <BooleanInput
          source="replaceCredentials"
          helperText="resources.supplier-connections.help.replaceCredentials"
        />
        <FormDataConsumer<{ replaceCredentials?: boolean }>>
          {({ formData }) => (formData.replaceCredentials ? <CredentialInputs /> : null)}
        </FormDataConsumer>
      </SimpleForm>
    </Edit>
  );
}
