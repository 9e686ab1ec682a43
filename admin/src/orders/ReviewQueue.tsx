import { List } from 'react-admin';
import { OrderDatagrid } from './OrderDatagrid.tsx';
import { orderExporter } from './order-export.ts';

/**
 * The orders screening held for a person (status `review`), longest waiting first: paid orders
 * whose keys stay reserved until an admin decides. Rows open the order's page.
 */
export function ReviewQueue() {
  return (
    <List
      resource="orders"
      storeKey="orders.review-queue"
      title="resources.review-queue.name"
      filter={{ status: 'review' }}
      sort={{ field: 'createdAt', order: 'ASC' }}
      exporter={orderExporter}
    >
      <OrderDatagrid />
    </List>
  );
}
