import type { SupplierUpdate } from '@market/shared';
import { BooleanInput, Edit, Labeled, SimpleForm, TextField, type EditProps } from 'react-admin';

/** Only the switch goes to the API; the rest of the record is the server's. */
const transform = ({ enabled }: SupplierUpdate): SupplierUpdate => ({ enabled });

/** Switches a supplier on or off for the whole marketplace (audited). */
export function SupplierEdit({ id }: Pick<EditProps, 'id'>) {
  return (
    <Edit id={id} transform={transform} mutationMode="pessimistic" redirect="list">
      <SimpleForm>
        <Labeled>
          <TextField source="name" />
        </Labeled>
        <BooleanInput source="enabled" helperText="resources.suppliers.help.enabled" />
      </SimpleForm>
    </Edit>
  );
}
