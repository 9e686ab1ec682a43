import { Create } from 'react-admin';
import { toCouponBody } from './coupon-form.ts';
import { CouponForm } from './CouponForm.tsx';

const DEFAULTS = {
  kind: 'percent',
  active: true,
  fundedBy: 'marketplace',
  minAmounts: {},
  categoryIds: [],
  sellerIds: [],
};

/** A new coupon; the list opens afterwards. */
export function CouponCreate() {
  return (
    <Create transform={toCouponBody} redirect="list">
      <CouponForm defaultValues={DEFAULTS} />
    </Create>
  );
}
