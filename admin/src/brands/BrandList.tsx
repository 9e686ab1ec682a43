import { csvExporter } from '@market/console-kit';
import { Datagrid, List, SearchInput, TextField } from 'react-admin';

/** CSV of what the list shows (its current filter and sort); the columns named one by one. */
const brandExporter = csvExporter('brands', ['id', 'name']);

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Brands (publishers, software houses, gift-card issuers) by name; search matches the name. */
export function BrandList() {
  return (
    <List
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      filters={filters}
      exporter={brandExporter}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="id" />
      </Datagrid>
    </List>
  );
}
