import { csvExporter } from '@market/console-kit';
import { Datagrid, List, NumberField, SearchInput, TextField } from 'react-admin';

/** CSV of what the list shows (its current filter and sort); the columns named one by one. */
const platformExporter = csvExporter('platforms', ['position', 'id', 'name', 'guidePath']);

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** The platforms in display order, with their activation-guide path (empty: no guide). */
export function PlatformList() {
  return (
    <List
      sort={{ field: 'position', order: 'ASC' }}
      perPage={50}
      filters={filters}
      exporter={platformExporter}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <NumberField source="position" />
        <TextField source="id" />
        <TextField source="name" />
        <TextField source="guidePath" sortable={false} emptyText="—" />
      </Datagrid>
    </List>
  );
}
