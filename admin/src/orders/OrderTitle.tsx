import { useRecordContext, useTranslate } from 'react-admin';

/** "Order 000123": the page title of an order. */
export function OrderTitle() {
  const record = useRecordContext();
  const translate = useTranslate();
  return <>{translate('resources.orders.title', { number: record?.['number'] ?? '' })}</>;
}
