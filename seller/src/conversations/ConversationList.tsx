import { ChoiceChipField } from '@market/console-kit';
import { BooleanInput, Datagrid, DateField, List, NumberField, TextField } from 'react-admin';

const filters = [<BooleanInput key="unread" source="unread" alwaysOn />];

/** The seller's conversations with buyers, the most recent first; each opens on its order. */
export function ConversationList() {
  return (
    <List filters={filters} sort={{ field: 'lastMessageAt', order: 'DESC' }} exporter={false}>
      <Datagrid bulkActionButtons={false} rowClick="show">
        <TextField source="orderNumber" sortable={false} />
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
