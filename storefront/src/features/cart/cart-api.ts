import {
  CART_ERRORS,
  CartSchema,
  CartSummarySchema,
  ProductSalesSchema,
  UpdateCartProductsResultSchema,
  type AddToCartRequest,
  type Cart,
  type CartProductInput,
  type CartSummary,
  type CartSummaryRequest,
  type Currency,
  type InfoMultipleSalesRequestSchema,
  type Locale,
  type ProductSales,
  type UpdateCartProductsRequest,
  type UpdateCartProductsResult,
} from '@market/shared';
import type { z } from 'zod';
import { callApi } from '../../lib/api-client.ts';

/*
 * A signed-in buyer's cart. Pages send the session cookie; right after sign-in the ID token is
 * sent instead. Each call fails with the spec's error text (section 8) as its message.
 */

const ProductSalesListSchema = ProductSalesSchema.array();

export const addToCartCall = (body: AddToCartRequest, idToken?: string): Promise<Cart> =>
  callApi('cart/addToCart', CartSchema, { body, idToken, failure: CART_ERRORS.add });

export const fetchCart = (idToken?: string): Promise<Cart> =>
  callApi('cart/get', CartSchema, { idToken, failure: CART_ERRORS.fetch });

export const updateCartProducts = (
  products: CartProductInput[],
  failure: string = CART_ERRORS.update,
): Promise<UpdateCartProductsResult> => {
  const body: UpdateCartProductsRequest = { products };
  return callApi('user/cart/updateCartProducts', UpdateCartProductsResultSchema, {
    body,
    failure,
  });
};

export const fetchCartSummary = (body: CartSummaryRequest): Promise<CartSummary> =>
  callApi('cart/updateCartSummary', CartSummarySchema, { body, failure: CART_ERRORS.summary });

/** What is on sale for a guest's products (a public catalogue call, not a cart one). */
export const fetchSales = (
  productIdList: string[],
  currency: Currency,
  locale: Locale,
): Promise<ProductSales[]> => {
  const body: z.input<typeof InfoMultipleSalesRequestSchema> = { productIdList, currency, locale };
  return callApi('public/products/info-multiple-sales', ProductSalesListSchema, {
    body,
    failure: CART_ERRORS.fetch,
  });
};
