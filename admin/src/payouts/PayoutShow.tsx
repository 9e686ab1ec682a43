import { ChoiceChipField, PAYOUT_STATUS_COLORS } from '@market/console-kit';
import {
  DateField,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
} from 'react-admin';
import { MoneyField } from '../orders/MoneyField.tsx';
import { MarkPaidButton } from './PayoutButtons.tsx';

/** One payout: PayPal's batch and item status, or the bank transfer's reference. */
export function PayoutShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <MarkPaidButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="id" />
        <ReferenceField source="sellerId" reference="sellers" link="show">
          <TextField source="name" />
        </ReferenceField>
        <MoneyField source="amountCents" />
        <ChoiceChipField source="method" labels="resources.payouts.methods" />
        <ChoiceChipField
          source="status"
          labels="resources.payouts.statuses"
          colors={PAYOUT_STATUS_COLORS}
        />
        <TextField source="receiver" emptyText="—" />
        <TextField source="batchId" emptyText="—" />
        <TextField source="itemStatus" emptyText="—" />
        <TextField source="reference" emptyText="—" />
        <TextField source="failure" emptyText="—" />
        <DateField source="createdAt" showTime />
        <DateField source="paidAt" showTime emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
