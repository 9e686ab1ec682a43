import { ChoiceChipField } from '@market/console-kit';
import {
  DateField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextArrayField,
  TextField,
} from 'react-admin';
import { CATEGORY_CHOICES } from '../products/CatalogueList.tsx';
import { PROPOSAL_STATUS_COLORS } from './ProposalList.tsx';
import { TYPE_CHOICES } from './proposal-form.ts';

/** One of the seller's proposals: what was sent and what the admin decided. */
export function ProposalShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <ChoiceChipField
          source="status"
          labels="resources.product-proposals.statuses"
          colors={PROPOSAL_STATUS_COLORS}
        />
        <TextField source="reason" emptyText="–" />
        <TextField source="name.en" />
        <TextField source="name.it" emptyText="–" />
        <TextField source="description.en" emptyText="–" />
        <TextField source="description.it" emptyText="–" />
        <SelectField source="categoryId" choices={CATEGORY_CHOICES} />
        <TextField source="brand" />
        <TextField source="platform" />
        <TextField source="region" />
        <SelectField source="type" choices={TYPE_CHOICES} />
        <TextArrayField source="tags" />
        <TextField source="note" emptyText="–" />
        <DateField source="createdAt" showTime />
        <DateField source="decidedAt" showTime emptyText="–" />
      </SimpleShowLayout>
    </Show>
  );
}
