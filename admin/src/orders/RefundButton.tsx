import RefundIcon from '@mui/icons-material/CurrencyExchange';
import { ReasonConfirmButton } from '@market/console-kit';
import {
  REASON_MAX_LENGTH,
  REASON_MIN_LENGTH,
  type AdminOrder,
  type OrderItem,
} from '@market/shared';
import { useDataProvider, useRecordContext } from 'react-admin';
import type { AdminDataProvider } from '../providers/admin-data-provider.ts';
import { isLineRefundable, isRefundable } from './order-actions.ts';

/** The reason RefundRequestSchema takes. */
const reasonRule = {
  label: 'resources.orders.confirm.reason',
  help: 'resources.orders.confirm.refund_reason_help',
  minLength: REASON_MIN_LENGTH,
  maxLength: REASON_MAX_LENGTH,
};

/** Refund what is left of the order in context's payment; asks why first. */
export function RefundOrderButton() {
  const order = useRecordContext<AdminOrder>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  if (!order || !isRefundable(order)) return null;
  return (
    <ReasonConfirmButton
      label="resources.orders.actions.refund"
      icon={<RefundIcon />}
      color="error"
      title="resources.orders.confirm.refund_title"
      titleOptions={{ number: order.number }}
      content="resources.orders.confirm.refund_content"
      confirmLabel="resources.orders.actions.refund"
      reason={reasonRule}
      action={(reason) => dataProvider.refundOrder({ id: order.id, reason })}
      successMessage="resources.orders.notifications.refund"
      // Refunded or changed meanwhile.
      conflictMessage="resources.orders.notifications.conflict"
    />
  );
}

/** Refund one line of `order` (the line is the record in context, as in the lines' datagrid). */
export function RefundLineButton({ order }: { order: AdminOrder }) {
  const line = useRecordContext<OrderItem>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  if (!line || !isLineRefundable(order, line)) return null;
  return (
    <ReasonConfirmButton
      label="resources.orders.actions.refund_line"
      icon={<RefundIcon />}
      color="error"
      title="resources.orders.confirm.refund_line_title"
      titleOptions={{ name: line.name, number: order.number }}
      content="resources.orders.confirm.refund_line_content"
      confirmLabel="resources.orders.actions.refund_line"
      reason={reasonRule}
      action={(reason) => dataProvider.refundOrder({ id: order.id, itemId: line.id, reason })}
      successMessage="resources.orders.notifications.refund"
      conflictMessage="resources.orders.notifications.conflict"
    />
  );
}
