import { CLAIM_STATUS_CHOICES, CLAIM_STATUS_COLORS, ChoiceChipField } from '@market/console-kit';
import { Datagrid, DateField, List, SelectInput, TextField } from 'react-admin';
import { SaleMoneyField } from '../sales/sale-fields.tsx';

const claimFilters = [
  <SelectInput key="status" source="status" choices={CLAIM_STATUS_CHOICES} alwaysOn />,
];

/**
 * Buyers' reports of the seller's keys as not working, newest first: each open one waits for a
 * replacement or a refund until its deadline, then is refunded automatically.
 */
export function ClaimList() {
  return (
    <List filters={claimFilters} sort={{ field: 'createdAt', order: 'DESC' }} exporter={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="createdAt" showTime />
        <TextField source="orderNumber" sortable={false} />
        <TextField source="name" sortable={false} />
        <SaleMoneyField label="resources.claims.fields.unitPriceCents" sortable={false} />
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
