import type { CartRepository } from './cart.repository.ts';

/**
 * What other modules ask of the cart — the checkout (the cart it turns into an order). They are
 * given this, never the repository, so how carts are stored stays this module's business.
 */
export function createCartFacade(repo: CartRepository) {
  return {
    find: repo.find,
  };
}
export type CartFacade = ReturnType<typeof createCartFacade>;
