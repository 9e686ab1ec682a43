import {
  BooleanField,
  Datagrid,
  DateField,
  List,
  NullableBooleanInput,
  TextField,
} from 'react-admin';

const supplierFilters = [<NullableBooleanInput key="enabled" source="enabled" alwaysOn />];

/** The four key suppliers and whether sellers may use them; a row opens its switch. */
export function SupplierList() {
  return (
    <List filters={supplierFilters} exporter={false} pagination={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" sortable={false} />
        <BooleanField source="enabled" sortable={false} />
        <DateField source="updatedAt" showTime sortable={false} emptyText="—" />
        <TextField source="updatedBy" sortable={false} emptyText="—" />
      </Datagrid>
    </List>
  );
}
