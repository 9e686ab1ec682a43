import type { CategoryId, CouponFunder, Currency, VatTable } from '@market/shared';
import type { FraudConfig } from '../fraud/fraud-rules.ts';

export type OrderSettings = {
  /** How long keys stay reserved for an unpaid order. */
  reservationMinutes: number;
  /** The shop's VAT rate in basis points. */
  vatRateBps: number;
  fraud: FraudConfig;
  /**
   * The most a buyer's unpaid orders may hold at once (orders, key units), so nobody can keep
   * stock off sale by starting checkouts they never pay. An address gets four times as much:
   * a household or an office shares one.
   */
  holds: { orders: number; units: number };
};

/**
 * The coupon side of placing an order (the cart slice's coupons, wired by the checkout): what a
 * code takes off each line, and counting its use once the order holds its keys. `quote` throws
 * an AppError (400/409) for a code that does not apply.
 */
export type OrderCoupons = {
  quote(input: {
    code: string;
    userId: string;
    currency: Currency;
    lines: Array<{ sellerId: string; categoryId: CategoryId; unitCents: number; quantity: number }>;
  }): Promise<{ code: string; perLine: number[]; fundedBy: CouponFunder }>;
  redeem(code: string, userId: string, orderId: string): Promise<void>;
  /** Gives back the use `orderId` counted, if any; idempotent (recovery may repeat it). */
  release(orderId: string): Promise<void>;
};

/**
 * The VAT side of placing an order (modules/vat, wired by the container): where the VAT of a
 * sale on `at` to a buyer billing in `billingCountry` is due (null outside the EU) and its
 * rates; without a billing country, the shop's own.
 */
export type OrderVat = {
  choose(
    billingCountry: string | undefined,
    at: Date,
  ): Promise<{ billing: string; country: string | null; table: VatTable }>;
};
