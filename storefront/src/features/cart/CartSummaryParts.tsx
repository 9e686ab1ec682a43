import { COUPON_CODE_INPUT_MAX_LENGTH, type CartSummary } from '@market/shared';
import type { SubmitEvent } from 'react';
import type { Messages } from '../../i18n/en.ts';
import { interpolate } from '../../i18n/interpolate.ts';

/*
 * The pieces of a cart summary that the cart page and the checkout page show alike: the
 * discount-code form with the server's verdict on the code, and the totals with the VAT included.
 */

export interface CouponFormProps {
  /** A `useId()` of the page: the input's id is built from it. */
  id: string;
  t: Messages['cart'];
  value: string;
  onChange: (value: string) => void;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  coupon: CartSummary['coupon'] | undefined;
}

export function CouponForm({ id, t, value, onChange, onSubmit, coupon }: CouponFormProps) {
  return (
    <form className="coupon" onSubmit={onSubmit}>
      <label htmlFor={`${id}-coupon`}>{t.couponLabel}</label>
      <input
        id={`${id}-coupon`}
        value={value}
        maxLength={COUPON_CODE_INPUT_MAX_LENGTH}
        onChange={(e) => onChange(e.target.value)}
      />
      <button type="submit">{t.couponApply}</button>
      {coupon && (
        <p role="status" className={coupon.valid ? 'ok' : 'error'}>
          {coupon.valid
            ? interpolate(t.couponApplied, { code: coupon.code })
            : (t.couponRefusals[coupon.reason as keyof typeof t.couponRefusals] ?? t.errors.coupon)}
        </p>
      )}
    </form>
  );
}

export interface SummaryTotalsProps {
  t: Messages['cart'];
  summary: CartSummary;
  money: (cents: number) => string;
  className?: string;
}

export function SummaryTotals({ t, summary, money, className }: SummaryTotalsProps) {
  return (
    <dl className={className}>
      <div>
        <dt>{t.subtotal}</dt>
        <dd>{money(summary.subtotalCents)}</dd>
      </div>
      {summary.discountCents > 0 && (
        <div>
          <dt>{t.discount}</dt>
          <dd>−{money(summary.discountCents)}</dd>
        </div>
      )}
      <div className="total">
        <dt>{t.total}</dt>
        <dd>{money(summary.totalCents)}</dd>
      </div>
      <div className="vat">
        <dt>{t.vatIncluded}</dt>
        <dd>{money(summary.vatIncludedCents)}</dd>
      </div>
    </dl>
  );
}
