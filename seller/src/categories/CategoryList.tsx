import { csvExporter, LocalizedTextField } from '@market/console-kit';
import { Datagrid, List, NumberField, TextField } from 'react-admin';

/** CSV of what the list shows (its current filter and sort); the columns named one by one. */
const categoryExporter = csvExporter('categories', ['position', 'id', 'name.en', 'name.it']);

/** The catalogue's categories by position, read-only, each name in the active locale. */
export function CategoryList() {
  return (
    <List sort={{ field: 'position', order: 'ASC' }} perPage={25} exporter={categoryExporter}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <NumberField source="position" />
        <TextField source="id" sortable={false} />
        <LocalizedTextField source="name" sortable={false} />
      </Datagrid>
    </List>
  );
}
