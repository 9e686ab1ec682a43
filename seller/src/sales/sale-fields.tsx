import type { ChipProps } from '@mui/material';
import { formatCents } from '@market/console-kit';
import type { OrderStatus, SellerSale } from '@market/shared';
import { useLocaleState, useRecordContext } from 'react-admin';

/** Status chip colours: delivered sales stand out; a sale still waiting is informational. */
export const SALE_STATUS_COLORS: Readonly<Record<OrderStatus, ChipProps['color']>> = {
  pending: 'info',
  review: 'warning',
  approved: 'success',
  declined: 'default',
  cancelled: 'default',
  declined_fraud: 'default',
  declined_business: 'default',
  charged_back: 'error',
};

/** Read by `<Datagrid>` for the column header. */
interface FieldProps {
  label?: string;
  sortable?: boolean;
}

/** The sale's unit price, or (with `total`) the line's: unit price × quantity, in its currency. */
export function SaleMoneyField({ total = false }: FieldProps & { total?: boolean }) {
  const sale = useRecordContext<SellerSale>();
  const [locale] = useLocaleState();
  if (!sale) return null;
  const cents = total ? sale.unitPriceCents * sale.quantity : sale.unitPriceCents;
  return <>{formatCents(cents, sale.currency, locale)}</>;
}
