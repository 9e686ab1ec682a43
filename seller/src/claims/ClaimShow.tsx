import { CLAIM_STATUS_COLORS, ChoiceChipField, ClaimHistoryField } from '@market/console-kit';
import { DateField, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { SaleMoneyField } from '../sales/sale-fields.tsx';
import { ClaimActionButtons } from './ClaimActionButtons.tsx';

const actions = (
  <TopToolbar>
    <ClaimActionButtons />
  </TopToolbar>
);

/** One claim on the seller's key: the order line, the buyer's reason, and every move it made. */
export function ClaimShow() {
  return (
    <Show actions={actions}>
      <SimpleShowLayout>
        <ChoiceChipField
          source="status"
          labels="resources.claims.statuses"
          colors={CLAIM_STATUS_COLORS}
        />
        <TextField source="orderNumber" />
        <TextField source="name" />
        <SaleMoneyField label="resources.claims.fields.unitPriceCents" />
        <TextField source="quantity" />
        <TextField source="keyId" />
        <TextField source="replacementKeyId" emptyText="—" />
        <ChoiceChipField source="reason" labels="resources.claims.reasons" />
        <TextField source="details" emptyText="—" />
        <DateField source="respondBy" showTime />
        <DateField source="createdAt" showTime />
        <ClaimHistoryField label="resources.claims.fields.history" />
      </SimpleShowLayout>
    </Show>
  );
}
