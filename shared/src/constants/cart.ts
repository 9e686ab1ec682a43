/** The most lines a cart holds, and the most units of one line. */
export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 99;

/** The spec's cart error texts (section 8), thrown by the storefront's cart calls. */
export const CART_ERRORS = {
  add: 'Failed to add to cart',
  update: 'Failed to update cart',
  summary: 'Failed to update cart summary',
  fetch: 'Failed to fetch cart',
  reset: 'Something went wrong resetting the cart',
  addToast: 'error in add to cart',
} as const;
