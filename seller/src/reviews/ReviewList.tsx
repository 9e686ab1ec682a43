import { csvExporter } from '@market/console-kit';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  TextField,
  useTranslate,
} from 'react-admin';
import type { SellerReview } from '@market/shared';

/** CSV of what the list shows (its current filter and sort); the columns named one by one. */
const reviewExporter = csvExporter('reviews', [
  'id',
  'productName',
  'rating',
  'text',
  'authorName',
  'reply',
  'createdAt',
]);

function ReplyState() {
  const translate = useTranslate();
  return (
    <FunctionField<SellerReview>
      source="reply"
      sortable={false}
      render={(record) =>
        record.reply ? record.reply.text : translate('resources.reviews.no_reply')
      }
    />
  );
}

/** The approved reviews of the seller's sales, newest first; a row opens the reply form. */
export function ReviewList() {
  return (
    <List sort={{ field: 'createdAt', order: 'DESC' }} exporter={reviewExporter}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="productName" sortable={false} />
        <NumberField source="rating" sortable={false} />
        <TextField source="text" sortable={false} />
        <TextField source="authorName" sortable={false} />
        <ReplyState />
        <DateField source="createdAt" />
      </Datagrid>
    </List>
  );
}
