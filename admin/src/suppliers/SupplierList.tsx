import { csvExporter } from '@market/console-kit';
import type { AdminSupplier } from '@market/shared';
import {
  BooleanField,
  Datagrid,
  DateField,
  List,
  NullableBooleanInput,
  FunctionField,
  NumberField,
  TextField,
  useTranslate,
} from 'react-admin';

/** CSV of what the list shows (its current filter and sort); the columns named one by one. */
const supplierExporter = csvExporter('suppliers', [
  'id',
  'name',
  'enabled',
  'connections',
  'purchases24h',
  'errorRate',
  'updatedAt',
  'updatedBy',
]);

const supplierFilters = [<NullableBooleanInput key="enabled" source="enabled" alwaysOn />];

/** The share of the last day's purchases that failed, or a dash when there were none. */
const errorRate = (s: AdminSupplier) =>
  s.errorRate === null ? '—' : `${Math.round(s.errorRate * 100)} %`;

/** "2 open, 1 half-open", or "all closed". `label` and `sortable` are read by the Datagrid. */
function BreakersField(_: { label?: string; sortable?: boolean }) {
  const translate = useTranslate();
  return (
    <FunctionField<AdminSupplier>
      render={({ breakers }) =>
        breakers.open + breakers.halfOpen === 0
          ? translate('resources.suppliers.breakers.none')
          : translate('resources.suppliers.breakers.some', {
              open: breakers.open,
              halfOpen: breakers.halfOpen,
            })
      }
    />
  );
}

/**
 * The four key suppliers: whether sellers may use them, how many have connected, how the last
 * day's purchases went and whose breakers are open; a row opens its switch.
 */
export function SupplierList() {
  return (
    <List filters={supplierFilters} exporter={supplierExporter} pagination={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" sortable={false} />
        <BooleanField source="enabled" sortable={false} />
        <NumberField source="connections" sortable={false} />
        <NumberField source="purchases24h" sortable={false} />
        <FunctionField<AdminSupplier>
          source="errorRate"
          sortable={false}
          render={(s) => errorRate(s)}
        />
        <BreakersField label="resources.suppliers.fields.breakers" sortable={false} />
        <DateField source="updatedAt" showTime sortable={false} emptyText="—" />
        <TextField source="updatedBy" sortable={false} emptyText="—" />
      </Datagrid>
    </List>
  );
}
