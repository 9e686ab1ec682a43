import { ChoiceChipField, csvExporter } from '@market/console-kit';
import { Datagrid, DateField, List, SearchInput, TextField } from 'react-admin';

/** CSV of what the list shows (its current filter and sort); the columns named one by one. */
const outboxExporter = csvExporter('outbox', [
  'id',
  'to',
  'subject',
  'kind',
  'locale',
  'createdAt',
]);

const outboxFilters = [<SearchInput key="q" source="q" alwaysOn />];

/** Every email the marketplace sent, newest first; search by recipient or subject. */
export function OutboxList() {
  return (
    <List
      filters={outboxFilters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={outboxExporter}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="to" />
        <TextField source="subject" />
        <ChoiceChipField source="kind" labels="resources.outbox.kinds" sortable={false} />
        <ChoiceChipField source="locale" labels="resources.outbox.locales" sortable={false} />
        <DateField source="createdAt" showTime />
      </Datagrid>
    </List>
  );
}
