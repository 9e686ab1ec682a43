import { ChoiceChipField } from '@market/console-kit';
import { DISPUTE_STATUSES } from '@market/shared';
import { Datagrid, DateField, List, SelectInput, TextField } from 'react-admin';
import { MoneyField } from '../orders/MoneyField.tsx';
import { DISPUTE_STATUS_COLORS, DisputeOrderField } from './dispute-fields.tsx';

const statusChoices = DISPUTE_STATUSES.map((status) => ({
  id: status,
  name: `resources.disputes.statuses.${status}`,
}));

const disputeFilters = [
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
];

/**
 * The disputes PayPal and Checkout.com opened, newest first: where each stands, which order,
 * how much, and by when the provider needs the evidence.
 */
export function DisputeList() {
  return (
    <List filters={disputeFilters} sort={{ field: 'createdAt', order: 'DESC' }} exporter={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="createdAt" showTime />
        <ChoiceChipField
          source="status"
          sortable={false}
          labels="resources.disputes.statuses"
          colors={DISPUTE_STATUS_COLORS}
        />
        <TextField source="provider" sortable={false} />
        <DisputeOrderField label="resources.disputes.fields.orderNumber" sortable={false} />
        <MoneyField source="amountCents" sortable={false} />
        <TextField source="reason" sortable={false} />
        <DateField source="dueAt" showTime sortable={false} emptyText="—" />
      </Datagrid>
    </List>
  );
}
