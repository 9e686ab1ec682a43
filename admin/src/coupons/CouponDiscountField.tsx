import { formatCents } from '@market/console-kit';
import { CURRENCIES, type Coupon } from '@market/shared';
import { useLocaleState, useRecordContext } from 'react-admin';

/** Read by `<Datagrid>` for the column header. */
interface FieldProps {
  label?: string;
  sortable?: boolean;
}

/** What a coupon takes off: "10%", or its amount in each currency it has one for. */
export function CouponDiscountField(_: FieldProps) {
  const coupon = useRecordContext<Coupon>();
  const [locale] = useLocaleState();
  if (!coupon) return null;
  if (coupon.kind === 'percent') {
    const format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    return <>{format.format((coupon.percentBps ?? 0) / 10_000)}</>;
  }
  return (
    <>
      {CURRENCIES.flatMap((currency) => {
        const cents = coupon.amounts[currency];
        return cents === undefined ? [] : [formatCents(cents, currency, locale)];
      }).join(' · ')}
    </>
  );
}
