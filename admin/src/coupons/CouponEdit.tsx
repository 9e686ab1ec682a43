import { Edit } from 'react-admin';
import { toCouponBody } from './coupon-form.ts';
import { CouponForm } from './CouponForm.tsx';

/** Edits a coupon; orders placed with it keep the discount they got. */
export function CouponEdit({ id }: { id?: string }) {
  return (
    <Edit id={id} transform={toCouponBody} mutationMode="pessimistic" redirect="list">
      <CouponForm />
    </Edit>
  );
}
