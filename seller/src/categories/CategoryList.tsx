import { LocalizedTextField } from '@market/console-kit';
import { Datagrid, List, NumberField, TextField } from 'react-admin';

/** The catalogue's categories by position, read-only, each name in the active locale. */
export function CategoryList() {
  return (
    <List sort={{ field: 'position', order: 'ASC' }} perPage={25} exporter={false}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <NumberField source="position" />
        <TextField source="id" sortable={false} />
        <LocalizedTextField source="name" sortable={false} />
      </Datagrid>
    </List>
  );
}
