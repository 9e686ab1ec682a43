import { csvExporter } from '@market/console-kit';
import { Datagrid, DateField, List, NumberField, TextField } from 'react-admin';

/** CSV of what the list shows (its current filter and sort); the columns named one by one. */
const rateExporter = csvExporter('exchange-rates', ['id', 'rate', 'updatedAt', 'updatedBy']);

/** The two exchange rates (units per 1 EUR); a row opens its edit page. */
export function ExchangeRateList() {
  return (
    <List sort={{ field: 'id', order: 'ASC' }} exporter={rateExporter} pagination={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" sortable={false} sx={{ textTransform: 'uppercase' }} />
        <NumberField source="rate" sortable={false} options={{ maximumFractionDigits: 6 }} />
        <DateField source="updatedAt" showTime sortable={false} />
        <TextField source="updatedBy" sortable={false} emptyText="—" />
      </Datagrid>
    </List>
  );
}
