import { schemaValidator } from '@market/console-kit';
import { CategoryUpdateSchema } from '@market/shared';
import { Edit, NumberInput, SimpleForm, TextInput } from 'react-admin';
import { CategoryTitle } from './CategoryTitle.tsx';
import { ReferenceToolbar } from './ReferenceToolbar.tsx';

const validate = schemaValidator(CategoryUpdateSchema);

/** Only what the API changes: the id is fixed, so the body is position and names. */
const toBody = (values: Record<string, unknown>) => ({
  position: values['position'],
  name: values['name'],
});

/** Edits a category's position and its name in every locale. */
export function CategoryEdit() {
  return (
    <Edit title={<CategoryTitle />} mutationMode="pessimistic" transform={toBody} redirect="list">
      <SimpleForm validate={validate} toolbar={<ReferenceToolbar />}>
        <TextInput source="id" disabled />
        <NumberInput source="position" step={1} />
        <TextInput source="name.en" label="resources.categories.fields.names.en" fullWidth />
        <TextInput source="name.it" label="resources.categories.fields.names.it" fullWidth />
      </SimpleForm>
    </Edit>
  );
}
