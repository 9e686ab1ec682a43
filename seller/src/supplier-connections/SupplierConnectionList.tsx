import { ChoiceChipField, csvExporter } from '@market/console-kit';
import {
  CreateButton,
  Datagrid,
  DateField,
  List,
  SelectField,
  SelectInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { BalanceField } from './BalanceField.tsx';
import { BREAKER_COLORS, CONNECTION_STATUS_COLORS, SUPPLIER_CHOICES } from './connection-form.ts';
import { TestConnectionButton } from './TestConnectionButton.tsx';

/** CSV of what the list shows (its current filter and sort); the columns named one by one. */
const connectionExporter = csvExporter('supplier-connections', [
  'id',
  'supplier',
  'label',
  'status',
  'lastCheck.balance',
  'breaker',
  'lastCheck.at',
  'lastSyncAt',
  'lastError.message',
]);

const connectionFilters = [
  <SelectInput key="supplier" source="supplier" choices={SUPPLIER_CHOICES} alwaysOn />,
];

function ConnectionListActions() {
  return (
    <TopToolbar>
      <CreateButton />
    </TopToolbar>
  );
}

/**
 * The seller's accounts at the suppliers: whether the last test passed, the balance it found,
 * the breaker, the last sync and the last error; each row tests its connection or opens it.
 */
export function SupplierConnectionList() {
  return (
    <List
      filters={connectionFilters}
      actions={<ConnectionListActions />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={connectionExporter}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <SelectField source="supplier" choices={SUPPLIER_CHOICES} />
        <TextField source="label" />
        <ChoiceChipField
          source="status"
          labels="resources.supplier-connections.statuses"
          colors={CONNECTION_STATUS_COLORS}
        />
        <BalanceField label="resources.supplier-connections.fields.balance" sortable={false} />
        <ChoiceChipField
          source="breaker"
          labels="resources.supplier-connections.breakers"
          colors={BREAKER_COLORS}
          sortable={false}
        />
        <DateField source="lastCheck.at" showTime sortable={false} emptyText="—" />
        <DateField source="lastSyncAt" showTime emptyText="—" />
        <TextField source="lastError.message" sortable={false} emptyText="—" />
        <TestConnectionButton />
      </Datagrid>
    </List>
  );
}
