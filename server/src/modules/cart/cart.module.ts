import type { ModuleDeclaration } from '../../runtime/module.ts';
import { cartIndexes } from './cart.repository.ts';
import { cartRoutes, userCartRoutes } from './cart.routes.ts';
import type { CartService } from './cart.service.ts';

/** The cart: lines priced from the live offers, never from the client. */
export const cartModule = (given: { service: CartService }): ModuleDeclaration => ({
  name: 'cart',
  indexes: { carts: cartIndexes },
  // The cart summary counts its own abuse limit (a coupon check inside it counts another).
  routes: ({ limit }) => [cartRoutes(given.service, limit), userCartRoutes(given.service)],
});
