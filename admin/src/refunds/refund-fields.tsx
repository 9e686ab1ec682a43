import type { ChipProps } from '@mui/material';
import type { Refund, RefundStatus } from '@market/shared';
import type { MouseEvent } from 'react';
import { LinkBase, useCreatePath, useRecordContext, useTranslate } from 'react-admin';

/** Status chip colours: a refund the provider refused needs a look. */
export const REFUND_STATUS_COLORS: Readonly<Record<RefundStatus, ChipProps['color']>> = {
  pending: 'warning',
  completed: 'success',
  failed: 'error',
};

/** Read by `<Datagrid>` / `<SimpleShowLayout>` for the column header or label. */
interface FieldProps {
  label?: string;
  sortable?: boolean;
}

/** The refunded order's number, linking to the order; a click in a row opens only the order. */
export function RefundOrderField(_: FieldProps) {
  const refund = useRecordContext<Refund>();
  const createPath = useCreatePath();
  if (!refund) return null;
  return (
    <LinkBase
      to={createPath({ resource: 'orders', id: refund.orderId, type: 'show' })}
      onClick={(event: MouseEvent) => event.stopPropagation()}
    >
      {refund.orderNumber}
    </LinkBase>
  );
}

/** "Whole order", or the refunded line's id. */
export function RefundScopeField(_: FieldProps) {
  const refund = useRecordContext<Refund>();
  const translate = useTranslate();
  if (!refund) return null;
  return <>{refund.itemId ?? translate('resources.refunds.whole_order')}</>;
}
