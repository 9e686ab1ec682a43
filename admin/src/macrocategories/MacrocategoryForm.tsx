import { MacrocategoryWriteSchema } from '@market/shared';
import { Create, Edit, SimpleForm, TextInput } from 'react-admin';
import { ReferenceToolbar } from '../categories/ReferenceToolbar.tsx';
import { schemaValidator } from '../categories/schema-validator.ts';

const validate = schemaValidator(MacrocategoryWriteSchema);

/** The API body: only the names (the id is derived from the English name on create). */
const toBody = (values: Record<string, unknown>) => ({ name: values['name'] });

/** The names in every locale; on edit the id is shown but fixed. */
function MacrocategoryForm({ edit = false }: { edit?: boolean }) {
  return (
    <SimpleForm validate={validate} toolbar={<ReferenceToolbar canDelete={edit} />}>
      {edit && <TextInput source="id" disabled />}
      <TextInput
        source="name.en"
        label="resources.macrocategories.fields.names.en"
        helperText={edit ? false : 'resources.macrocategories.help.id'}
        fullWidth
      />
      <TextInput source="name.it" label="resources.macrocategories.fields.names.it" fullWidth />
    </SimpleForm>
  );
}

export function MacrocategoryCreate() {
  return (
    <Create transform={toBody} redirect="list">
      <MacrocategoryForm />
    </Create>
  );
}

export function MacrocategoryEdit() {
  return (
    <Edit transform={toBody} mutationMode="pessimistic" redirect="list">
      <MacrocategoryForm edit />
    </Edit>
  );
}
