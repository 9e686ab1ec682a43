import { ChoiceChipField, csvExporter, moneyColumn } from '@market/console-kit';
import { REFUND_STATUSES } from '@market/shared';
import { Datagrid, DateField, List, SelectInput, TextField, TextInput } from 'react-admin';
import { MoneyField } from '../orders/MoneyField.tsx';
import { REFUND_STATUS_COLORS, RefundOrderField, RefundScopeField } from './refund-fields.tsx';

/** CSV of what the list shows (its current filter and sort); the columns named one by one. */
const refundExporter = csvExporter('refunds', [
  'id',
  'createdAt',
  'orderId',
  'itemId',
  moneyColumn('amountCents', undefined, 'amount'),
  'status',
  'reason',
]);

const statusChoices = REFUND_STATUSES.map((status) => ({
  id: status,
  name: `resources.refunds.statuses.${status}`,
}));

const refundFilters = [
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
  <TextInput key="orderId" source="orderId" />,
];

/** Every refund, newest first: which order, how much, why, and whether the money went back. */
export function RefundList() {
  return (
    <List
      filters={refundFilters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={refundExporter}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="createdAt" showTime />
        <RefundOrderField label="resources.refunds.fields.orderNumber" sortable={false} />
        <RefundScopeField label="resources.refunds.fields.itemId" sortable={false} />
        <MoneyField source="amountCents" sortable={false} />
        <ChoiceChipField
          source="status"
          sortable={false}
          labels="resources.refunds.statuses"
          colors={REFUND_STATUS_COLORS}
        />
        <TextField source="reason" sortable={false} />
      </Datagrid>
    </List>
  );
}
