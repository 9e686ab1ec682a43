import { ChoiceChipField, csvExporter } from '@market/console-kit';
import { ROLES } from '@market/shared';
import {
  BooleanField,
  Datagrid,
  ExportButton,
  FilterButton,
  DateField,
  FunctionField,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { ROLE_COLORS, fullName } from './user-fields.ts';
import { InviteAdminButton } from './InviteAdminButton.tsx';
import { ToggleBlockedButton } from './ToggleBlockedButton.tsx';

/** CSV of what the list shows (its current filter and sort); the columns named one by one. */
const userExporter = csvExporter('users', [
  'id',
  'email',
  'name',
  'surname',
  'role',
  'blocked',
  'emailVerified',
  'createdAt',
]);

const roleChoices = ROLES.map((role) => ({ id: role, name: `resources.users.roles.${role}` }));

const userFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="role" source="role" choices={roleChoices} />,
  <NullableBooleanInput key="blocked" source="blocked" />,
  <NullableBooleanInput key="emailVerified" source="emailVerified" />,
];

const listActions = (
  <TopToolbar>
    <FilterButton />
    <InviteAdminButton />
    <ExportButton />
  </TopToolbar>
);

/** Every account, newest first; search by email or name, filter by role and state. */
export function UserList() {
  return (
    <List
      filters={userFilters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={userExporter}
      actions={listActions}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="email" />
        <FunctionField source="fullName" sortable={false} render={(record) => fullName(record)} />
        <ChoiceChipField source="role" labels="resources.users.roles" colors={ROLE_COLORS} />
        <BooleanField source="blocked" sortable={false} />
        <BooleanField source="emailVerified" sortable={false} />
        <DateField source="createdAt" />
        <ToggleBlockedButton />
      </Datagrid>
    </List>
  );
}
