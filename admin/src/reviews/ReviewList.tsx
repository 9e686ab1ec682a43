import { ChoiceChipField, csvExporter, StatusTabs } from '@market/console-kit';
import { REVIEW_STATUSES } from '@market/shared';
import { Datagrid, DateField, List, NumberField, TextField } from 'react-admin';
import { BulkApproveButton } from './BulkApproveButton.tsx';
import { REVIEW_STATUS_COLORS } from './review-status.ts';

/** CSV of what the list shows (its current filter and sort); the columns named one by one. */
const reviewExporter = csvExporter('reviews', [
  'id',
  'productName',
  'sellerName',
  'rating',
  'text',
  'authorName',
  'status',
  'createdAt',
]);

/** The moderation queue: a tab per status (pending first), newest first; bulk approve. */
export function ReviewList() {
  return (
    <List
      sort={{ field: 'createdAt', order: 'DESC' }}
      filterDefaultValues={{ status: 'pending' }}
      exporter={reviewExporter}
    >
      <StatusTabs statuses={REVIEW_STATUSES} labels="resources.reviews.tabs" />
      <Datagrid rowClick="show" bulkActionButtons={<BulkApproveButton />}>
        <TextField source="productName" sortable={false} />
        <TextField source="sellerName" sortable={false} />
        <NumberField source="rating" sortable={false} />
        <TextField source="text" sortable={false} />
        <TextField source="authorName" sortable={false} />
        <ChoiceChipField
          source="status"
          sortable={false}
          labels="resources.reviews.statuses"
          colors={REVIEW_STATUS_COLORS}
        />
        <DateField source="createdAt" />
      </Datagrid>
    </List>
  );
}
