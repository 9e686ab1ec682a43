import { schemaValidator } from '@market/console-kit';
import { PlatformCreateSchema, PlatformUpdateSchema } from '@market/shared';
import { Create, Edit, NumberInput, SimpleForm, TextInput } from 'react-admin';
import { ReferenceToolbar } from '../categories/ReferenceToolbar.tsx';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The API body: an empty guide path means "no guide" (null), an empty id is left to the server. */
function toBody(values: Record<string, unknown>, withId: boolean) {
  const id = text(values['id']);
  return {
    ...(withId && id && { id }),
    name: text(values['name']),
    guidePath: text(values['guidePath']) || null,
    position: values['position'],
  };
}

const validateCreate = schemaValidator({
  safeParse: (v: unknown) =>
    PlatformCreateSchema.safeParse(toBody(v as Record<string, unknown>, true)),
});
const validateUpdate = schemaValidator({
  safeParse: (v: unknown) =>
    PlatformUpdateSchema.safeParse(toBody(v as Record<string, unknown>, false)),
});

function PlatformInputs({ edit }: { edit: boolean }) {
  return (
    <>
      <TextInput
        source="id"
        disabled={edit}
        helperText={edit ? false : 'resources.platforms.help.id'}
      />
      <TextInput source="name" fullWidth />
      <TextInput source="guidePath" helperText="resources.platforms.help.guidePath" fullWidth />
      <NumberInput source="position" step={1} />
    </>
  );
}

export function PlatformCreate() {
  return (
    <Create transform={(v: Record<string, unknown>) => toBody(v, true)} redirect="list">
      <SimpleForm validate={validateCreate} toolbar={<ReferenceToolbar canDelete={false} />}>
        <PlatformInputs edit={false} />
      </SimpleForm>
    </Create>
  );
}

export function PlatformEdit() {
  return (
    <Edit
      transform={(v: Record<string, unknown>) => toBody(v, false)}
      mutationMode="pessimistic"
      redirect="list"
    >
      <SimpleForm validate={validateUpdate} toolbar={<ReferenceToolbar />}>
        <PlatformInputs edit />
      </SimpleForm>
    </Edit>
  );
}
