import type { CouponRefusal } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { CouponService } from '../coupons/coupons.service.ts';
import type { OrderCoupons } from '../orders/orders.service.ts';

/** A refused coupon at checkout: 409 on `couponCode`, with the refusal the storefront words. */
const refused = (reason: CouponRefusal) =>
  new AppError('CONFLICT', {
    message: 'The coupon does not apply to this order',
    errors: { couponCode: reason },
  });

/**
 * The cart slice's coupons as the orders service asks for them: the same evaluation the cart
 * summary shows (so the order takes off what the buyer saw), the use counted once per order, and
 * given back when the order ends undelivered.
 */
export function orderCoupons(
  coupons: Pick<CouponService, 'evaluate' | 'redeem' | 'release'>,
): OrderCoupons {
  return {
    async quote({ code, userId, currency, lines }) {
      const result = await coupons.evaluate(
        code,
        userId,
        lines.map((line) => ({
          ...line,
          productId: '',
          currency,
          isZeroVat: false,
          name: '',
          outOfStock: false,
          live: null,
        })),
        currency,
      );
      if (!result.valid) throw refused(result.reason);
      return { code: result.code, perLine: result.perLine, fundedBy: result.fundedBy };
    },
    async redeem(code, userId, orderId) {
      // Lost a race for the last use since the quote: the order stays unpaid and expires.
      const result = await coupons.redeem(code, userId, orderId);
      if (!result.ok) throw refused(result.reason);
    },
    release: (orderId) => coupons.release(orderId),
  };
}
