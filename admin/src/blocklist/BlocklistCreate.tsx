import { schemaValidator } from '@market/console-kit';
import { BlocklistCreateSchema } from '@market/shared';
import { Create, SelectInput, SimpleForm, TextInput, required } from 'react-admin';
import { KIND_CHOICES } from './blocklist-fields.ts';

const validate = schemaValidator(BlocklistCreateSchema);

/** Lists an email, address or instrument (audited); the list opens afterwards. */
export function BlocklistCreate() {
  return (
    <Create redirect="list">
      <SimpleForm validate={validate} defaultValues={{ kind: 'email' }}>
        <SelectInput source="kind" choices={KIND_CHOICES} validate={required()} />
        <TextInput source="value" fullWidth helperText="resources.blocklist.help.value" />
        <TextInput
          source="reason"
          fullWidth
          multiline
          helperText="resources.blocklist.help.reason"
        />
      </SimpleForm>
    </Create>
  );
}
