import { useRecordContext } from 'react-admin';
import { OrderChat } from './OrderChat.tsx';

/**
 * The conversation with the buyer as a section of a sale's page (any record with the order's
 * `orderId`): one child of the sale's show.
 */
export function SaleChatSection() {
  const sale = useRecordContext<{ orderId: string }>();
  return sale ? <OrderChat orderId={sale.orderId} /> : null;
}
