import {
  addQuantity,
  lineKey,
  mergeLines,
  quantityTotal,
  type Cart,
  type CartProduct,
  type LineKey,
} from '@market/shared';

/*
 * The cart's pure logic. A guest's cart lives only in localStorage (spec section 6: no server
 * calls); a signed-in buyer's lives on the server, and the store mirrors it. No zod here: this
 * ships on the product page, whose JS budget is small.
 */

/** The localStorage key of a guest's cart (spec section 9: the cart is persisted there). */
export const CART_STORAGE_KEY = 'cart';
/** The sessionStorage key of the buy-now flag, so the checkout page can read it. */
export const BUY_NOW_KEY = 'cart-buy-now';
/** The units the header shows, for guests and signed-in buyers alike (no call on page load). */
export const CART_COUNT_KEY = 'cart-count';

/** Requests move through these (spec section 4). */
export type CartStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export type CartState = Cart & {
  status: CartStatus;
  /** The buy-now action: set when the buyer goes straight to checkout. */
  buyNow: boolean;
};

export const emptyCart = (): CartState => ({
  id: 'local',
  products: [],
  quantityTotal: 0,
  lastUpdate: new Date(0).toISOString(),
  recentItem: null,
  addedFromCartPage: false,
  status: 'idle',
  buyNow: false,
});

const isLine = (value: unknown): value is CartProduct => {
  const l = value as Partial<CartProduct> | null;
  return (
    typeof l === 'object' &&
    l !== null &&
    typeof l.productId === 'string' &&
    typeof l.sellerId === 'string' &&
    typeof l.quantity === 'number' &&
    typeof l.price === 'number' &&
    typeof l.name === 'string' &&
    (l.currency === 'eur' || l.currency === 'usd' || l.currency === 'gbp')
  );
};

/** The guest cart saved in localStorage; malformed or missing storage reads as empty. */
export function parseStoredCart(raw: string | null): Cart {
  const empty = emptyCart();
  try {
    const value = JSON.parse(raw ?? 'null') as Partial<Cart> | null;
    const products = Array.isArray(value?.products) ? value.products.filter(isLine) : [];
    return {
      ...empty,
      products,
      quantityTotal: quantityTotal(products),
      lastUpdate: typeof value?.lastUpdate === 'string' ? value.lastUpdate : empty.lastUpdate,
    };
  } catch {
    return empty;
  }
}

/** What localStorage keeps of a guest's cart. */
export const storedCart = (cart: Cart): string =>
  JSON.stringify({ products: cart.products, lastUpdate: cart.lastUpdate });

/** The guest cart after adding lines: quantity 0 becomes 1, the same offer adds up. */
export function addLines(cart: Cart, added: readonly CartProduct[], now: Date): Cart {
  const lines = added.map((l) => ({ ...l, quantity: addQuantity(l.quantity) }));
  const products = mergeLines(cart.products, lines);
  const last = lines.at(-1);
  return {
    ...cart,
    products,
    quantityTotal: quantityTotal(products),
    lastUpdate: now.toISOString(),
    recentItem: last ? (products.find((l) => lineKey(l) === lineKey(last)) ?? null) : null,
  };
}

/** The cart with one line's quantity set (0 removes a guest's line; see `withoutLine`). */
export function setQuantity(cart: Cart, key: LineKey, quantity: number, now: Date): Cart {
  const products = cart.products.map((l) => (lineKey(l) === lineKey(key) ? { ...l, quantity } : l));
  return {
    ...cart,
    products,
    quantityTotal: quantityTotal(products),
    lastUpdate: now.toISOString(),
  };
}

/** The cart without a line. */
export function withoutLine(cart: Cart, key: LineKey, now: Date): Cart {
  const products = cart.products.filter((l) => lineKey(l) !== lineKey(key));
  return {
    ...cart,
    products,
    quantityTotal: quantityTotal(products),
    lastUpdate: now.toISOString(),
  };
}

/**
 * A guest's cart against what is on sale now (spec section 4: a guest's out-of-stock lines are
 * removed): lines whose offer is gone are dropped and named in `dropped`; the others take the
 * current price.
 */
export function dropUnavailable(
  cart: Cart,
  onSale: ReadonlyMap<string, number>,
  now: Date,
): { cart: Cart; dropped: CartProduct[] } {
  const dropped = cart.products.filter((l) => !onSale.has(lineKey(l)));
  if (!dropped.length && cart.products.every((l) => onSale.get(lineKey(l)) === l.price)) {
    return { cart, dropped };
  }
  const products = cart.products
    .filter((l) => onSale.has(lineKey(l)))
    .map((l) => ({ ...l, price: onSale.get(lineKey(l))! }));
  return {
    cart: {
      ...cart,
      products,
      quantityTotal: quantityTotal(products),
      lastUpdate: now.toISOString(),
    },
    dropped,
  };
}

/**
 * Add to cart's state after the call (spec section 4): succeeded, or back to idle when the buyer
 * added from the cart page itself; failed when the call failed.
 */
export const statusAfterAdd = (ok: boolean, fromCartPage: boolean): CartStatus =>
  !ok ? 'failed' : fromCartPage ? 'idle' : 'succeeded';

/** Resetting empties the products and the quantity total (spec section 4). */
export const resetCart = (state: CartState): CartState => ({
  ...state,
  products: [],
  quantityTotal: 0,
  recentItem: null,
  buyNow: false,
});

/** The lines to send when a guest signs in (merged into the server cart). */
export const mergeRequest = (cart: Cart) =>
  cart.products
    .filter((l) => l.quantity > 0)
    .map(({ productId, sellerId, quantity, currency, regionConfirmed }) => ({
      productId,
      sellerId,
      quantity,
      currency,
      // The buyer's yes to a key that does not activate in their country (docs/regions.md).
      ...(regionConfirmed && { regionConfirmed: { country: regionConfirmed.country } }),
    }));
