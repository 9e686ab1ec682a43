import {
  BooleanField,
  Datagrid,
  DateField,
  List,
  NullableBooleanInput,
  NumberField,
  TextField,
} from 'react-admin';

const supplierFilters = [<NullableBooleanInput key="enabled" source="enabled" alwaysOn />];

/** The four key suppliers, whether sellers may use them and how many have connected; a row opens its switch. */
export function SupplierList() {
  return (
    <List filters={supplierFilters} exporter={false} pagination={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" sortable={false} />
        <BooleanField source="enabled" sortable={false} />
        <NumberField source="connections" sortable={false} />
        <DateField source="updatedAt" showTime sortable={false} emptyText="—" />
        <TextField source="updatedBy" sortable={false} emptyText="—" />
      </Datagrid>
    </List>
  );
}
