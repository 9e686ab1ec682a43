import type { Heard, ModuleDeclaration } from '../../runtime/module.ts';
import { cartIndexes } from './cart.repository.ts';
import { cartRoutes, userCartRoutes } from './cart.routes.ts';
import type { CartService } from './cart.service.ts';

/**
 * The cart: lines priced from the live offers, never from the client. It hears the writes to
 * carts (each cart's view kept in memory) and to products (the pricing's product documents).
 */
export const cartModule = (given: {
  service: CartService;
  heard: { views: Heard; productDocs: Heard };
}): ModuleDeclaration => ({
  name: 'cart',
  indexes: { carts: cartIndexes },
  // The cart summary counts its own abuse limit (a coupon check inside it counts another).
  routes: ({ limit }) => [cartRoutes(given.service, limit), userCartRoutes(given.service)],
  changeListeners: [
    { name: 'cart views', heard: given.heard.views },
    { name: 'product documents', heard: given.heard.productDocs },
  ],
});
