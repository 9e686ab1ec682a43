import { TagWriteSchema } from '@market/shared';
import { Create, Edit, SimpleForm, TextInput } from 'react-admin';
import { ReferenceToolbar } from '../categories/ReferenceToolbar.tsx';
import { schemaValidator } from '../categories/schema-validator.ts';

const validate = schemaValidator(TagWriteSchema);

/** The API body: only the names (the id is derived from the English name on create). */
const toBody = (values: Record<string, unknown>) => ({ name: values['name'] });

/** The names in every locale; on edit the id is shown but fixed. */
function TagForm({ edit = false }: { edit?: boolean }) {
  return (
    <SimpleForm validate={validate} toolbar={<ReferenceToolbar canDelete={edit} />}>
      {edit && <TextInput source="id" disabled />}
      <TextInput
        source="name.en"
        label="resources.tags.fields.names.en"
        helperText={edit ? false : 'resources.tags.help.id'}
        fullWidth
      />
      <TextInput source="name.it" label="resources.tags.fields.names.it" fullWidth />
    </SimpleForm>
  );
}

export function TagCreate() {
  return (
    <Create transform={toBody} redirect="list">
      <TagForm />
    </Create>
  );
}

export function TagEdit() {
  return (
    <Edit transform={toBody} mutationMode="pessimistic" redirect="list">
      <TagForm edit />
    </Edit>
  );
}
