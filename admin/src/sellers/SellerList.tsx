import { ChoiceChipField, csvExporter, DefectRateField, StatusTabs } from '@market/console-kit';
import { SELLER_STATUSES } from '@market/shared';
import { BooleanInput, Datagrid, DateField, List, SearchInput, TextField } from 'react-admin';
import { SellerBulkButtons } from './SellerBulkButtons.tsx';
import { SELLER_STATUS_COLORS } from './seller-decisions.ts';

/** CSV of what the list shows (its current filter and sort); the columns named one by one. */
const sellerExporter = csvExporter('sellers', [
  'id',
  'name',
  'email',
  'registrationName',
  'vatNumber',
  'status',
  'createdAt',
]);

const sellerFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  // Sellers whose change of legal details waits for a decision (on their page).
  <BooleanInput key="legalChangePending" source="legalChangePending" alwaysOn />,
];

/** Every seller and application, newest first, with a tab per status. */
export function SellerList() {
  return (
    <List
      filters={sellerFilters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={sellerExporter}
    >
      <StatusTabs statuses={SELLER_STATUSES} labels="resources.sellers.tabs" />
      <Datagrid rowClick="show" bulkActionButtons={<SellerBulkButtons />}>
        <TextField source="name" />
        <TextField source="email" sortable={false} />
        <TextField source="registrationName" sortable={false} />
        <TextField source="vatNumber" sortable={false} />
        <ChoiceChipField
          source="status"
          labels="resources.sellers.statuses"
          colors={SELLER_STATUS_COLORS}
        />
        <DefectRateField label="resources.sellers.fields.defectRate" sortable={false} />
        <DateField source="createdAt" />
      </Datagrid>
    </List>
  );
}
