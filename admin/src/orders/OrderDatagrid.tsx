import { ChoiceChipField } from '@market/console-kit';
import { Datagrid, DateField, SelectField, TextField } from 'react-admin';
import { MoneyField } from './MoneyField.tsx';
import { ORDER_STATUS_COLORS } from './order-actions.ts';
import { PROVIDER_CHOICES } from './order-filters.tsx';

/** The rows of an order list (all orders, or the review queue); a row opens the order. */
export function OrderDatagrid() {
  return (
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="number" sortable={false} />
      <DateField source="createdAt" showTime />
      <TextField source="email" sortable={false} />
      <ChoiceChipField
        source="status"
        sortable={false}
        labels="resources.orders.statuses"
        colors={ORDER_STATUS_COLORS}
      />
      <MoneyField source="totals.total" label="resources.orders.fields.total" sortable={false} />
      <MoneyField source="refundedCents" sortable={false} />
      <SelectField
        source="payment.provider"
        label="resources.orders.fields.provider"
        choices={PROVIDER_CHOICES}
        sortable={false}
      />
    </Datagrid>
  );
}
