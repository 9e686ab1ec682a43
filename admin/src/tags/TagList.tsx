import { LocalizedTextField } from '@market/console-kit';
import { Datagrid, List, SearchInput, TextField } from 'react-admin';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Every tag with its id (the slug of the English name) and its name in the active locale. */
export function TagList() {
  return (
    <List sort={{ field: 'name.en', order: 'ASC' }} perPage={25} filters={filters} exporter={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" />
        <LocalizedTextField source="name" sortable={false} />
      </Datagrid>
    </List>
  );
}
