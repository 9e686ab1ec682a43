import { ChoiceChipField } from '@market/console-kit';
import {
  DateField,
  ReferenceField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextArrayField,
  TextField,
  TopToolbar,
} from 'react-admin';
import { CATEGORY_CHOICES, TYPE_CHOICES } from '../products/product-form.ts';
import { PROPOSAL_STATUS_COLORS } from './proposal-status.ts';
import { ProposalDecisionButtons } from './ProposalDecisionButtons.tsx';

function ProposalShowActions() {
  return (
    <TopToolbar>
      <ProposalDecisionButtons />
    </TopToolbar>
  );
}

/** A proposal as the seller sent it, with the decision buttons while it is pending. */
export function ProposalShow() {
  return (
    <Show actions={<ProposalShowActions />}>
      <SimpleShowLayout>
        <ChoiceChipField
          source="status"
          labels="resources.product-proposals.statuses"
          colors={PROPOSAL_STATUS_COLORS}
        />
        <TextField source="reason" emptyText="–" />
        <ReferenceField source="productId" reference="products" emptyText="–" link="show" />
        <TextField source="sellerId" />
        <TextField source="note" emptyText="–" />
        <TextField source="name.en" />
        <TextField source="name.it" emptyText="–" />
        <TextField source="description.en" emptyText="–" />
        <TextField source="description.it" emptyText="–" />
        <SelectField source="categoryId" choices={CATEGORY_CHOICES} />
        <TextField source="brand" />
        <TextField source="platform" />
        <TextField source="region" />
        <SelectField source="type" choices={TYPE_CHOICES} />
        <TextField source="denomination.amount" emptyText="–" />
        <TextField source="denomination.currency" emptyText="–" />
        <TextArrayField source="tags" />
        <DateField source="createdAt" showTime />
        <DateField source="decidedAt" showTime emptyText="–" />
      </SimpleShowLayout>
    </Show>
  );
}
