import { Create, SelectInput, SimpleForm, TextInput } from 'react-admin';
import {
  SUPPLIER_CHOICES,
  toConnectionCreate,
  validateConnectionCreate,
} from './connection-form.ts';
import { CredentialInputs } from './CredentialInputs.tsx';

/**
 * Connect an account at a supplier: the supplier, a label, then that supplier's credentials.
 * It opens on the new connection, untested, where "Test connection" tries them.
 */
export function SupplierConnectionCreate() {
  return (
    <Create transform={toConnectionCreate} redirect="edit">
      <SimpleForm validate={validateConnectionCreate}>
        <SelectInput source="supplier" choices={SUPPLIER_CHOICES} />
        <TextInput
          source="label"
          helperText="resources.supplier-connections.help.label"
          fullWidth
        />
        <CredentialInputs />
      </SimpleForm>
    </Create>
  );
}
