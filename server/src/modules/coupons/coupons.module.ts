import type { ModuleDeclaration } from '../../runtime/module.ts';
import { couponIndexes, redemptionIndexes } from './coupons.repository.ts';
import { adminCouponRoutes, userCouponRoutes } from './coupons.routes.ts';
import type { CouponService } from './coupons.service.ts';

/** Coupons: the admin's codes, a buyer's check of one, and the redemptions that use them up. */
export const couponsModule = (given: { service: CouponService }): ModuleDeclaration => ({
  name: 'coupons',
  indexes: { coupons: couponIndexes, couponRedemptions: redemptionIndexes },
  routes: () => [userCouponRoutes(given.service), adminCouponRoutes(given.service)],
});
