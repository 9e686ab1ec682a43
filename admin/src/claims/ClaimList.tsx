import { CLAIM_STATUS_CHOICES, CLAIM_STATUS_COLORS, ChoiceChipField } from '@market/console-kit';
import { Datagrid, DateField, List, SelectInput, TextField, TextInput } from 'react-admin';
import { MoneyField } from '../orders/MoneyField.tsx';

const claimFilters = [
  <SelectInput key="status" source="status" choices={CLAIM_STATUS_CHOICES} alwaysOn />,
  <TextInput key="sellerId" source="sellerId" />,
  <TextInput key="orderId" source="orderId" />,
];

/** Every defective-key claim, newest first; escalated ones wait for an admin's decision. */
export function ClaimList() {
  return (
    <List filters={claimFilters} sort={{ field: 'createdAt', order: 'DESC' }} exporter={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="createdAt" showTime />
        <TextField source="orderNumber" sortable={false} />
        <TextField source="name" sortable={false} />
        <TextField source="sellerId" sortable={false} />
        <MoneyField source="unitPriceCents" sortable={false} />
        <ChoiceChipField source="reason" labels="resources.claims.reasons" sortable={false} />
        <ChoiceChipField
          source="status"
          sortable={false}
          labels="resources.claims.statuses"
          colors={CLAIM_STATUS_COLORS}
        />
        <DateField source="respondBy" showTime sortable={false} />
      </Datagrid>
    </List>
  );
}
