import { useState } from 'react';
import { WEBHOOK_EVENT_TYPES, type WebhookEndpointCreated } from '@market/shared';
import {
  CheckboxGroupInput,
  Create,
  SimpleForm,
  TextInput,
  required,
  useRedirect,
} from 'react-admin';
import { SecretDialog } from './SecretDialog.tsx';

export const EVENT_CHOICES = WEBHOOK_EVENT_TYPES.map((id) => ({
  id,
  name: `resources.webhooks.events.${id}`,
}));

/** A new endpoint: its URL and events; the signing secret is shown once, in a dialog. */
export function WebhookCreate() {
  const [secret, setSecret] = useState<string | null>(null);
  const [id, setId] = useState<string | null>(null);
  const redirect = useRedirect();
  return (
    <>
      <Create
        redirect={false}
        mutationOptions={{
          onSuccess: (created: WebhookEndpointCreated) => {
            setId(created.id);
            setSecret(created.secret);
          },
        }}
      >
        <SimpleForm>
          <TextInput
            source="url"
            type="url"
            validate={required()}
            helperText="resources.webhooks.help.url"
            fullWidth
          />
          <CheckboxGroupInput source="events" choices={EVENT_CHOICES} validate={required()} />
        </SimpleForm>
      </Create>
      <SecretDialog
        secret={secret}
        title="resources.webhooks.dialogs.created"
        onClose={() => {
          setSecret(null);
          redirect('edit', 'webhooks', id ?? undefined);
        }}
      />
    </>
  );
}
