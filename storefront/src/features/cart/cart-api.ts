import type {
  AddToCartRequest,
  Cart,
  CartProductInput,
  CartSummary,
  CartSummaryRequest,
  Currency,
  Locale,
  ProductSales,
  UpdateCartProductsResult,
} from '@market/shared';

/*
 * Browser calls for a signed-in buyer's cart. Pages send the HttpOnly session cookie (their POSTs
 * carry our Origin, which the API requires of cookie writes); right after sign-in the ID token
 * is sent instead. Each call fails with the spec's error text (section 8).
 */

/** A cart call that failed: `message` is the spec's text, `status` 0 when the network failed. */
export class CartCallError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'CartCallError';
    this.status = status;
  }
}

async function call<T>(
  path: string,
  failure: string,
  body?: unknown,
  idToken?: string,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (idToken) headers.Authorization = `Bearer ${idToken}`;
  const response = await fetch(`/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  }).catch(() => {
    throw new CartCallError(failure, 0);
  });
  if (!response.ok) throw new CartCallError(failure, response.status);
  return (await response.json()) as T;
}

export const addToCartCall = (body: AddToCartRequest, idToken?: string) =>
  call<Cart>('cart/addToCart', 'Failed to add to cart', body, idToken);

export const fetchCart = (idToken?: string) =>
  call<Cart>('cart/get', 'Failed to fetch cart', undefined, idToken);

export const updateCartProducts = (
  products: CartProductInput[],
  failure = 'Failed to update cart',
) => call<UpdateCartProductsResult>('user/cart/updateCartProducts', failure, { products });

export const fetchCartSummary = (body: CartSummaryRequest) =>
  call<CartSummary>('cart/updateCartSummary', 'Failed to update cart summary', body);

/** What is on sale for a guest's products (a public catalogue call, not a cart one). */
export const fetchSales = (productIdList: string[], currency: Currency, locale: Locale) =>
  call<ProductSales[]>('public/products/info-multiple-sales', 'Failed to fetch cart', {
    productIdList,
    currency,
    locale,
  });
