import type { ChipProps } from '@mui/material';
import type { AdminDispute, DisputeStatus } from '@market/shared';
import type { MouseEvent } from 'react';
import { LinkBase, useCreatePath, useRecordContext } from 'react-admin';

/** Status chip colours: open ones need the evidence out before the due date; lost ones a look. */
export const DISPUTE_STATUS_COLORS: Readonly<Record<DisputeStatus, ChipProps['color']>> = {
  open: 'warning',
  submitted: 'info',
  won: 'success',
  lost: 'error',
  closed: 'default',
};

/** Read by `<Datagrid>` / `<SimpleShowLayout>` for the column header or label. */
interface FieldProps {
  label?: string;
  sortable?: boolean;
}

/** The disputed order's number, linking to the order; a click in a row opens only the order. */
export function DisputeOrderField(_: FieldProps) {
  const dispute = useRecordContext<AdminDispute>();
  const createPath = useCreatePath();
  if (!dispute?.orderId) return <>—</>;
  return (
    <LinkBase
      to={createPath({ resource: 'orders', id: dispute.orderId, type: 'show' })}
      onClick={(event: MouseEvent) => event.stopPropagation()}
    >
      {dispute.orderNumber}
    </LinkBase>
  );
}
