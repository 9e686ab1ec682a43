import type {
  CategoryId,
  CheckoutRequest,
  CheckoutStarted,
  Locale,
  Order,
  StoreProduct,
} from '@market/shared';
import { userCall } from '../orders/orders-api.ts';

/** Places the order for the caller's cart and starts its payment: where to send the buyer. */
export async function startCheckout(body: CheckoutRequest): Promise<CheckoutStarted> {
  return (await userCall<CheckoutStarted>('user/checkout', { body })).data;
}

/**
 * Settles the payment the buyer came back from (captured once, however often this is called),
 * or cancels the pending order when they cancelled: the order as it stands after.
 */
export async function completeCheckout(orderId: string, cancelled: boolean): Promise<Order> {
  const path = `user/checkout/${encodeURIComponent(orderId)}/complete`;
  return (await userCall<Order>(path, { body: cancelled ? { cancelled: true } : {} })).data;
}

/** `info-multiple` takes at most 100 ids; a cart holds at most 50 lines. */
const MAX_IDS = 100;

/** The category of each product (a public catalogue call), to spot game accounts. */
export async function categoriesOf(
  productIds: readonly string[],
  locale: Locale,
): Promise<Map<string, CategoryId>> {
  const productIdList = [...new Set(productIds)].slice(0, MAX_IDS);
  if (!productIdList.length) return new Map();
  const { data } = await userCall<Pick<StoreProduct, 'id' | 'categoryId'>[]>(
    'public/products/info-multiple',
    { body: { productIdList, locale } },
  );
  return new Map(data.map((p) => [p.id, p.categoryId]));
}
