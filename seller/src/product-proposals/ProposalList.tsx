import { ChoiceChipField, csvExporter } from '@market/console-kit';
import { PROPOSAL_STATUSES } from '@market/shared';
import {
  CreateButton,
  Datagrid,
  DateField,
  List,
  SelectField,
  SelectInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { CATEGORY_CHOICES } from '../products/CatalogueList.tsx';

/** CSV of what the list shows (its current filter and sort); the columns named one by one. */
const proposalExporter = csvExporter('product-proposals', [
  'id',
  'name',
  'categoryId',
  'platform',
  'status',
  'reason',
  'createdAt',
]);

const STATUS_CHOICES = PROPOSAL_STATUSES.map((id) => ({
  id,
  name: `resources.product-proposals.statuses.${id}`,
}));

export const PROPOSAL_STATUS_COLORS = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
} as const;

const proposalFilters = [
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
];

/** The seller's own proposals, newest first, with their status and the admin's reason. */
export function ProposalList() {
  return (
    <List
      filters={proposalFilters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={proposalExporter}
      actions={
        <TopToolbar>
          <CreateButton label="resources.product-proposals.actions.propose" />
        </TopToolbar>
      }
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="name.en" />
        <SelectField source="categoryId" choices={CATEGORY_CHOICES} sortable={false} />
        <TextField source="platform" sortable={false} />
        <ChoiceChipField
          source="status"
          labels="resources.product-proposals.statuses"
          colors={PROPOSAL_STATUS_COLORS}
        />
        <TextField source="reason" sortable={false} emptyText="–" />
        <DateField source="createdAt" />
      </Datagrid>
    </List>
  );
}
