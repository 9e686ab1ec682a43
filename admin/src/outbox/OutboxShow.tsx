import { ChoiceChipField, LinkifiedTextField } from '@market/console-kit';
import { DateField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { CredentialNotice } from './CredentialNotice.tsx';
import { MailHtmlField } from './MailHtmlField.tsx';
import { OutboxTitle } from './OutboxTitle.tsx';

/** One email: who it went to, its text with clickable links, and its HTML rendered safely. */
export function OutboxShow() {
  return (
    <Show title={<OutboxTitle />}>
      <SimpleShowLayout>
        <CredentialNotice label={false} />
        <TextField source="to" />
        <TextField source="subject" />
        <ChoiceChipField source="kind" labels="resources.outbox.kinds" />
        <ChoiceChipField source="locale" labels="resources.outbox.locales" />
        <ChoiceChipField source="delivery" labels="resources.outbox.deliveries" />
        <DateField source="createdAt" showTime />
        <LinkifiedTextField source="text" />
        <MailHtmlField source="html" />
      </SimpleShowLayout>
    </Show>
  );
}
