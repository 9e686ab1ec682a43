import type { ModuleDeclaration } from '../../runtime/module.ts';
import { paymentEventIndexes } from './payment-events.repository.ts';
import {
  adminCheckoutRoutes,
  paymentWebhookRoutes,
  userCheckoutRoutes,
} from './checkout.routes.ts';
import type { CheckoutService } from './checkout.service.ts';

/** Checkout: the cart becomes an order and a payment; the providers' webhooks settle it. */
export const checkoutModule = (given: { service: CheckoutService }): ModuleDeclaration => ({
  name: 'checkout',
  indexes: { paymentEvents: paymentEventIndexes },
  routes: () => [
    paymentWebhookRoutes(given.service),
    userCheckoutRoutes(given.service),
    adminCheckoutRoutes(given.service),
  ],
});
