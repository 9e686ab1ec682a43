import { schemaValidator } from '@market/console-kit';
import { AdminUserRoleSchema, ROLES } from '@market/shared';
import { Edit, SelectInput, SimpleForm, TextField, Labeled } from 'react-admin';
import { UserTitle } from './UserTitle.tsx';

const roleChoices = ROLES.map((role) => ({ id: role, name: `resources.users.roles.${role}` }));

/** The API reads only the role; the rest of the record stays as it is. */
const toRoleBody = (values: Record<string, unknown>) => ({ role: values['role'] });

const validate = schemaValidator({
  safeParse: (v: unknown) =>
    AdminUserRoleSchema.safeParse(toRoleBody(v as Record<string, unknown>)),
});

/**
 * Changes a user's role. Pessimistic: the server may refuse (your own role, the last admin, a
 * seller role without a seller application) and the form shows why; a change signs the user out
 * everywhere, so their next sign-in carries the new role.
 */
export function UserEdit() {
  return (
    <Edit title={<UserTitle />} transform={toRoleBody} mutationMode="pessimistic" redirect="show">
      <SimpleForm validate={validate}>
        <Labeled>
          <TextField source="email" />
        </Labeled>
        <SelectInput source="role" choices={roleChoices} helperText="resources.users.help.role" />
      </SimpleForm>
    </Edit>
  );
}
