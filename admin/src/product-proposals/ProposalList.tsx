import { ChoiceChipField, StatusTabs } from '@market/console-kit';
import { PROPOSAL_STATUSES } from '@market/shared';
import { Datagrid, DateField, List, SelectField, TextField } from 'react-admin';
import { CATEGORY_CHOICES, TYPE_CHOICES } from '../products/product-form.ts';
import { PROPOSAL_STATUS_COLORS } from './proposal-status.ts';

/** Sellers' proposals, newest first, a tab per status; a row opens it to approve or reject. */
export function ProposalList() {
  return (
    <List
      sort={{ field: 'createdAt', order: 'DESC' }}
      filterDefaultValues={{ status: 'pending' }}
      exporter={false}
    >
      <StatusTabs statuses={PROPOSAL_STATUSES} labels="resources.product-proposals.tabs" />
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="name.en" />
        <TextField source="sellerId" sortable={false} />
        <SelectField source="categoryId" choices={CATEGORY_CHOICES} sortable={false} />
        <TextField source="platform" sortable={false} />
        <SelectField source="type" choices={TYPE_CHOICES} sortable={false} />
        <ChoiceChipField
          source="status"
          labels="resources.product-proposals.statuses"
          colors={PROPOSAL_STATUS_COLORS}
        />
        <DateField source="createdAt" />
      </Datagrid>
    </List>
  );
}
