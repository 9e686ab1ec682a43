import { ChoiceChipField } from '@market/console-kit';
import {
  BooleanInput,
  Datagrid,
  DateField,
  List,
  NumberField,
  TextField,
  TextInput,
} from 'react-admin';

const filters = [
  <BooleanInput key="unread" source="unread" alwaysOn />,
  <TextInput key="orderId" source="orderId" />,
  <TextInput key="sellerId" source="sellerId" />,
];

/** Every buyer–seller conversation, the most recent first; `unread`: not read by any admin. */
export function ConversationList() {
  return (
    <List filters={filters} sort={{ field: 'lastMessageAt', order: 'DESC' }} exporter={false}>
      <Datagrid bulkActionButtons={false} rowClick="show">
        <TextField source="orderNumber" sortable={false} />
        <TextField source="sellerName" sortable={false} />
        <TextField source="buyerEmail" sortable={false} />
        <DateField source="lastMessageAt" showTime />
        <ChoiceChipField
          source="lastAuthor"
          labels="resources.conversations.thread.authors"
          sortable={false}
        />
        <NumberField source="messageCount" sortable={false} />
        <NumberField source="unread" sortable={false} />
      </Datagrid>
    </List>
  );
}
