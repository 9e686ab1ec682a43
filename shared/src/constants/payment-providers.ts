import { z } from 'zod';

/** The payment providers a buyer may pay with: PayPal and Checkout.com (`checkout`). */
export const PAYMENT_PROVIDERS = ['paypal', 'checkout'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const PaymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
