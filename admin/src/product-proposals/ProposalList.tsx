import { ChoiceChipField, csvExporter, StatusTabs } from '@market/console-kit';
import { PROPOSAL_STATUSES } from '@market/shared';
import { Datagrid, DateField, List, SelectField, TextField } from 'react-admin';
import { CATEGORY_CHOICES, TYPE_CHOICES } from '../products/product-form.ts';
import { PROPOSAL_STATUS_COLORS } from './proposal-status.ts';

/** CSV of what the list shows (its current filter and sort); the columns named one by one. */
const proposalExporter = csvExporter('product-proposals', [
  'id',
  'name',
  'sellerId',
  'categoryId',
  'platform',
  'type',
  'status',
  'createdAt',
]);

/** Sellers' proposals, newest first, a tab per status; a row opens it to approve or reject. */
export function ProposalList() {
  return (
    <List
      sort={{ field: 'createdAt', order: 'DESC' }}
      filterDefaultValues={{ status: 'pending' }}
      exporter={proposalExporter}
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
