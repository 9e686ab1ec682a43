import { Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import { OrderChat } from './OrderChat.tsx';

/** The thread of the conversation on show (its id is the order's). */
function Thread() {
  const record = useRecordContext<{ id: string }>();
  return record ? <OrderChat orderId={record.id} /> : null;
}

/** One conversation with a buyer, on the order it is about; opening it marks it read. */
export function ConversationShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="orderNumber" />
        <Thread />
      </SimpleShowLayout>
    </Show>
  );
}
