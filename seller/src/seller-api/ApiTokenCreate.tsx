import { useState } from 'react';
import { API_TOKEN_SCOPES, type ApiTokenCreated } from '@market/shared';
import {
  CheckboxGroupInput,
  Create,
  SimpleForm,
  TextInput,
  required,
  useRedirect,
} from 'react-admin';
import { SecretDialog } from './SecretDialog.tsx';

export const SCOPE_CHOICES = API_TOKEN_SCOPES.map((id) => ({
  id,
  name: `resources.api-tokens.scopes.${id}`,
}));

/** A new token: its name and scopes; the token itself is shown once, in a dialog. */
export function ApiTokenCreate() {
  const [token, setToken] = useState<string | null>(null);
  const redirect = useRedirect();
  return (
    <>
      <Create
        redirect={false}
        mutationOptions={{ onSuccess: (created: ApiTokenCreated) => setToken(created.token) }}
      >
        <SimpleForm>
          <TextInput
            source="name"
            validate={required()}
            helperText="resources.api-tokens.help.name"
            fullWidth
          />
          <CheckboxGroupInput
            source="scopes"
            choices={SCOPE_CHOICES}
            validate={required()}
            helperText="resources.api-tokens.help.scopes"
          />
        </SimpleForm>
      </Create>
      <SecretDialog
        secret={token}
        title="resources.api-tokens.dialogs.created"
        onClose={() => {
          setToken(null);
          redirect('list', 'api-tokens');
        }}
      />
    </>
  );
}
