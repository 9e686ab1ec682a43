import { Datagrid, DateField, List, NumberField, TextField } from 'react-admin';

/** The two exchange rates (units per 1 EUR); a row opens its edit page. */
export function ExchangeRateList() {
  return (
    <List sort={{ field: 'id', order: 'ASC' }} exporter={false} pagination={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" sortable={false} sx={{ textTransform: 'uppercase' }} />
        <NumberField source="rate" sortable={false} options={{ maximumFractionDigits: 6 }} />
        <DateField source="updatedAt" showTime sortable={false} />
        <TextField source="updatedBy" sortable={false} emptyText="—" />
      </Datagrid>
    </List>
  );
}
