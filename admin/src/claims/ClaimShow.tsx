import { CLAIM_STATUS_COLORS, ChoiceChipField, ClaimHistoryField } from '@market/console-kit';
import {
  DateField,
  EmailField,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
} from 'react-admin';
import { MoneyField } from '../orders/MoneyField.tsx';
import { ClaimDecisionButtons } from './ClaimDecisionButtons.tsx';

const actions = (
  <TopToolbar>
    <ClaimDecisionButtons />
  </TopToolbar>
);

/** One claim: the order line and key, the buyer, the reason, and every move it made. */
export function ClaimShow() {
  return (
    <Show actions={actions}>
      <SimpleShowLayout>
        <ChoiceChipField
          source="status"
          labels="resources.claims.statuses"
          colors={CLAIM_STATUS_COLORS}
        />
        <ReferenceField source="orderId" reference="orders" link="show">
          <TextField source="number" />
        </ReferenceField>
        <TextField source="name" />
        <MoneyField source="unitPriceCents" />
        <TextField source="quantity" />
        <ReferenceField source="sellerId" reference="sellers" link="show">
          <TextField source="name" />
        </ReferenceField>
        <EmailField source="email" />
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
