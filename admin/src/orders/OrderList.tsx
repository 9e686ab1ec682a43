import { StatusTabs } from '@market/console-kit';
import { ORDER_STATUSES } from '@market/shared';
import { List } from 'react-admin';
import { OrderDatagrid } from './OrderDatagrid.tsx';
import { orderExporter } from './order-export.ts';
import { orderFilters } from './order-filters.tsx';
import { OrderSavedQueries } from './OrderSavedQueries.tsx';

/**
 * Every order, newest first, with a tab per status, filters on date, buyer, seller, payment, and
 * a sidebar of saved searches; exports the current selection as CSV.
 */
export function OrderList() {
  return (
    <List
      filters={orderFilters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={orderExporter}
      aside={<OrderSavedQueries />}
    >
      <StatusTabs statuses={ORDER_STATUSES} labels="resources.orders.tabs" />
      <OrderDatagrid />
    </List>
  );
}
