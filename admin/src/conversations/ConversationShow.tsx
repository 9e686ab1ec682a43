import { ConversationThread } from '@market/console-kit';
import { ReferenceField, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';

/** The thread: an admin's answer is the marketplace's, sent to both parties. */
function Thread() {
  const record = useRecordContext<{ id: string }>();
  return record ? <ConversationThread id={record.id} self="marketplace" /> : null;
}

/** One conversation: its order, seller and buyer, and the messages (opening it marks it read). */
export function ConversationShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <ReferenceField source="orderId" reference="orders" link="show">
          <TextField source="number" />
        </ReferenceField>
        <ReferenceField source="sellerId" reference="sellers" link="show">
          <TextField source="name" />
        </ReferenceField>
        <TextField source="buyerEmail" />
        <Thread />
      </SimpleShowLayout>
    </Show>
  );
}
