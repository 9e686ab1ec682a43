import { csvExporter, LocalizedTextField } from '@market/console-kit';
import { BulkDeleteButton, Datagrid, List, NumberField, TextField } from 'react-admin';

/** CSV of what the list shows (its current filter and sort); the columns named one by one. */
const categoryExporter = csvExporter('categories', ['position', 'id', 'name.en', 'name.it']);

/**
 * All categories by position, each name in the active locale. Bulk delete waits for the API:
 * a category that still holds products is refused, and the message says how many.
 */
export function CategoryList() {
  return (
    <List sort={{ field: 'position', order: 'ASC' }} perPage={25} exporter={categoryExporter}>
      <Datagrid rowClick="edit" bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}>
        <NumberField source="position" />
        <TextField source="id" sortable={false} />
        <LocalizedTextField source="name" sortable={false} />
      </Datagrid>
    </List>
  );
}
