import type { AdminProduct } from '@market/shared';
import { useRecordContext, useTranslate } from 'react-admin';

/** "Product: <English name>". */
export function ProductTitle() {
  const record = useRecordContext<AdminProduct>();
  const translate = useTranslate();
  return <>{translate('resources.products.title', { name: record?.name.en ?? '' })}</>;
}
