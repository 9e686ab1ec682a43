import { z } from 'zod';
import { CurrencySchema } from '../constants/currencies.ts';
import { LocaleSchema } from '../constants/locales.ts';
import { COUPON_CODE_INPUT_MAX_LENGTH } from '../constants/limits.ts';
import { PaymentProviderSchema } from '../constants/payment-providers.ts';
import { CountryCodeSchema } from './regions.ts';
import { ApiErrorSchema } from './api-error.ts';
import { CartSummarySchema } from './cart.ts';

/**
 * The buyer's checkout (issue 5, wave 2). It buys what the caller's server cart holds:
 * lines, prices and stock come from the server, never from this body.
 */

/** Body of `POST /api/user/checkout`. */
export const CheckoutRequestSchema = z.object({
  provider: PaymentProviderSchema,
  currency: CurrencySchema,
  couponCode: z.string().trim().min(1).max(COUPON_CODE_INPUT_MAX_LENGTH).optional(),
  /** `purchaseAccountProduct`: required (true) when the cart holds a game account. */
  confirmations: z.object({ purchaseAccountProduct: z.boolean().optional() }).optional(),
  /** Picks the return page (`/checkout/complete` or `/it/checkout/complete`). */
  locale: LocaleSchema,
  /**
   * The total the buyer was shown (the cart summary's `totalCents`, minor units of `currency`).
   * An order that would cost anything else is not placed: 409 with the new summary
   * (`CheckoutTotalChangedSchema`), so the buyer sees the new total before paying.
   */
  expectedTotalCents: z.number().int().min(0).optional(),
  /**
   * The billing country the buyer states (ISO 3166-1 alpha-2, capitals): the order's VAT is
   * its standard rate, none outside the EU, and the payment's country must agree
   * (docs/vat.md). Left out: the shop's own country.
   */
  billingCountry: CountryCodeSchema.optional(),
});
export type CheckoutRequest = z.input<typeof CheckoutRequestSchema>;

/** The field a 409 names when the total is no longer `expectedTotalCents`. */
export const TOTAL_CHANGED_FIELD = 'expectedTotalCents';

/**
 * The 409 of a checkout whose total changed since the buyer was shown it (a seller's new price,
 * a moved exchange rate): the error, and the cart summary as it stands now.
 */
export const CheckoutTotalChangedSchema = ApiErrorSchema.extend({ summary: CartSummarySchema });
export type CheckoutTotalChanged = z.infer<typeof CheckoutTotalChangedSchema>;

/** `POST /api/user/checkout` answers 201 with the order and where the buyer pays. */
export const CheckoutStartedSchema = z.object({
  orderId: z.string(),
  /** The provider's page (PayPal approval, Checkout.com hosted page). */
  approvalUrl: z.string(),
});
export type CheckoutStarted = z.infer<typeof CheckoutStartedSchema>;

/** Body of `POST /api/user/checkout/:orderId/complete`: what the return URL said. */
export const CheckoutCompleteSchema = z.object({
  /** The buyer came back through the cancel URL (`&cancelled=1`). */
  cancelled: z.boolean().default(false),
});
export type CheckoutComplete = z.input<typeof CheckoutCompleteSchema>;
