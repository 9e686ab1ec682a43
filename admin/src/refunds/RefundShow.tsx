import { ChoiceChipField } from '@market/console-kit';
import { DateField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { MoneyField } from '../orders/MoneyField.tsx';
import { REFUND_STATUS_COLORS, RefundOrderField, RefundScopeField } from './refund-fields.tsx';

/** One refund: its order and line, amount, reason, the provider's refund id and who sent it. */
export function RefundShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="id" />
        <RefundOrderField label="resources.refunds.fields.orderNumber" />
        <RefundScopeField label="resources.refunds.fields.itemId" />
        <MoneyField source="amountCents" />
        <ChoiceChipField
          source="status"
          labels="resources.refunds.statuses"
          colors={REFUND_STATUS_COLORS}
        />
        <TextField source="reason" />
        <TextField source="providerRefundId" emptyText="—" />
        <TextField source="actorUid" emptyText="resources.refunds.by_system" />
        <DateField source="createdAt" showTime />
      </SimpleShowLayout>
    </Show>
  );
}
