import { ChoiceChipField, CONSOLE_LOCALES } from '@market/console-kit';
import {
  BooleanField,
  DateField,
  EditButton,
  ImageField,
  ReferenceField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextArrayField,
  TextField,
  TopToolbar,
} from 'react-admin';
import { SendVerificationButton } from './SendVerificationButton.tsx';
import { ToggleBlockedButton } from './ToggleBlockedButton.tsx';
import { AnonymiseUserButton } from './AnonymiseUserButton.tsx';
import { ROLE_COLORS } from './user-fields.ts';
import { UserTitle } from './UserTitle.tsx';

const loginMethodChoices = [
  { id: 'password', name: 'resources.users.login_methods.password' },
  { id: 'google', name: 'resources.users.login_methods.google' },
];

const actions = (
  <TopToolbar>
    <EditButton label="resources.users.actions.change_role" />
    <SendVerificationButton />
    <ToggleBlockedButton />
    <AnonymiseUserButton />
  </TopToolbar>
);

/** Everything the admin API knows of one account, with the role, block and verification actions. */
export function UserShow() {
  return (
    <Show title={<UserTitle />} actions={actions}>
      <SimpleShowLayout>
        <TextField source="id" />
        <TextField source="email" />
        <TextField source="name" />
        <TextField source="surname" />
        <ImageField source="image" sx={{ '& img': { maxWidth: 96, maxHeight: 96 } }} />
        <ChoiceChipField source="role" labels="resources.users.roles" colors={ROLE_COLORS} />
        <BooleanField source="blocked" />
        <BooleanField source="emailVerified" />
        <SelectField source="loginMethod" choices={loginMethodChoices} />
        <TextArrayField source="providers" />
        <SelectField
          source="locale"
          choices={CONSOLE_LOCALES}
          optionValue="locale"
          optionText="name"
          translateChoice={false}
        />
        <BooleanField source="marketingConsent" />
        <ReferenceField source="sellerId" reference="sellers" link="show" />
        <TextField source="referrer" />
        <DateField source="createdAt" showTime />
        <DateField source="lastSignInAt" showTime />
      </SimpleShowLayout>
    </Show>
  );
}
