import { ChoiceChipField, PAYOUT_STATUS_COLORS, payoutStatusFilter } from '@market/console-kit';
import { CURRENCIES } from '@market/shared';
import {
  Datagrid,
  DateField,
  List,
  ReferenceField,
  SelectInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { MoneyField } from '../orders/MoneyField.tsx';
import { RunPayoutsButton } from './PayoutButtons.tsx';

const filters = [
  payoutStatusFilter,
  <SelectInput
    key="currency"
    source="currency"
    choices={CURRENCIES.map((c) => ({ id: c, name: c.toUpperCase() }))}
  />,
];

function Actions() {
  return (
    <TopToolbar>
      <RunPayoutsButton method="paypal" />
      <RunPayoutsButton method="transfer" />
    </TopToolbar>
  );
}

/** Every payout, newest first: to whom, how much, how, and whether it arrived. */
export function PayoutList() {
  return (
    <List
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="createdAt" showTime />
        <ReferenceField source="sellerId" reference="sellers" link={false}>
          <TextField source="name" />
        </ReferenceField>
        <MoneyField source="amountCents" />
        <ChoiceChipField source="method" labels="resources.payouts.methods" sortable={false} />
        <ChoiceChipField
          source="status"
          labels="resources.payouts.statuses"
          colors={PAYOUT_STATUS_COLORS}
        />
        <TextField source="reference" emptyText="—" sortable={false} />
      </Datagrid>
    </List>
  );
}
