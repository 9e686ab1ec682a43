import {
  CheckoutStartedSchema,
  OrderSchema,
  StoreProductSchema,
  type CategoryId,
  type CheckoutCompleteSchema,
  type CheckoutRequest,
  type CheckoutStarted,
  type Locale,
  type Order,
  type ProductIdListRequestSchema,
} from '@market/shared';
import type { z } from 'zod';
import { callApi } from '../../lib/api-client.ts';

/** Places the order for the caller's cart and starts its payment: where to send the buyer. */
export async function startCheckout(body: CheckoutRequest): Promise<CheckoutStarted> {
  return callApi('user/checkout', CheckoutStartedSchema, { body });
}

/**
 * Settles the payment the buyer came back from (captured once, however often this is called),
 * or cancels the pending order when they cancelled: the order as it stands after.
 */
export async function completeCheckout(orderId: string, cancelled: boolean): Promise<Order> {
  const path = `user/checkout/${encodeURIComponent(orderId)}/complete`;
  const body: z.input<typeof CheckoutCompleteSchema> = cancelled ? { cancelled: true } : {};
  return callApi(path, OrderSchema, { body });
}

/** `info-multiple` takes at most 100 ids; a cart holds at most 50 lines. */
const MAX_IDS = 100;
const ProductCategoriesSchema = StoreProductSchema.pick({ id: true, categoryId: true }).array();

/** The category of each product (a public catalogue call), to spot game accounts. */
export async function categoriesOf(
  productIds: readonly string[],
  locale: Locale,
): Promise<Map<string, CategoryId>> {
  const productIdList = [...new Set(productIds)].slice(0, MAX_IDS);
  if (!productIdList.length) return new Map();
  const body: z.input<typeof ProductIdListRequestSchema> = { productIdList, locale };
  const products = await callApi('public/products/info-multiple', ProductCategoriesSchema, {
    body,
  });
  return new Map(products.map((p) => [p.id, p.categoryId]));
}
