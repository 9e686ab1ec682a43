import type { AdminProduct } from '@market/shared';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';

/** Formats cents of a currency for the console's locale. */
const money = (cents: number, currency: string, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );

/** The product's live price range in one currency ("€9.99 – €14.50"), or "not on sale". */
export function PriceRangeField({
  currency = 'eur',
}: {
  currency?: 'eur' | 'usd' | 'gbp';
  /** Read by the Datagrid for the column header and sorting. */
  source?: string;
  label?: string;
  sortBy?: string;
}) {
  const record = useRecordContext<AdminProduct>();
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const range = record?.prices[currency];
  if (!record) return null;
  if (!range) return <>{translate('resources.products.not_on_sale')}</>;
  const min = money(range.min, currency, locale);
  return <>{range.min === range.max ? min : `${min} – ${money(range.max, currency, locale)}`}</>;
}
