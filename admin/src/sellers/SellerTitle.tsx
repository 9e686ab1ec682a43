import { useRecordContext, useTranslate } from 'react-admin';

/** "Seller Pixel Keys": the page title of a seller. */
export function SellerTitle() {
  const record = useRecordContext();
  const translate = useTranslate();
  return <>{translate('resources.sellers.title', { name: record?.['name'] ?? '' })}</>;
}
