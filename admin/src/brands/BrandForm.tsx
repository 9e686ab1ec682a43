import { schemaValidator } from '@market/console-kit';
import { BrandCreateSchema, BrandUpdateSchema } from '@market/shared';
import { Create, Edit, SimpleForm, TextInput } from 'react-admin';
import { ReferenceToolbar } from '../categories/ReferenceToolbar.tsx';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The API body; an empty id is left to the server (the slug of the name). */
function toCreateBody(values: Record<string, unknown>) {
  const id = text(values['id']);
  return { ...(id && { id }), name: text(values['name']) };
}
const toUpdateBody = (values: Record<string, unknown>) => ({ name: text(values['name']) });

const validateCreate = schemaValidator({
  safeParse: (v: unknown) =>
    BrandCreateSchema.safeParse(toCreateBody(v as Record<string, unknown>)),
});
const validateUpdate = schemaValidator({
  safeParse: (v: unknown) =>
    BrandUpdateSchema.safeParse(toUpdateBody(v as Record<string, unknown>)),
});

export function BrandCreate() {
  return (
    <Create transform={toCreateBody} redirect="list">
      <SimpleForm validate={validateCreate} toolbar={<ReferenceToolbar canDelete={false} />}>
        <TextInput source="name" fullWidth />
        <TextInput source="id" helperText="resources.brands.help.id" />
      </SimpleForm>
    </Create>
  );
}

/** Renaming keeps products that name the brand attached to it. */
export function BrandEdit() {
  return (
    <Edit transform={toUpdateBody} mutationMode="pessimistic" redirect="list">
      <SimpleForm validate={validateUpdate} toolbar={<ReferenceToolbar />}>
        <TextInput source="id" disabled />
        <TextInput source="name" helperText="resources.brands.help.rename" fullWidth />
      </SimpleForm>
    </Edit>
  );
}
