import type { Locale, Order, OrderItem, OrderKey } from '@market/shared';
import { localizedPath } from '../../i18n/routes.ts';

/*
 * The account page's order pieces that need no DOM: the deep link, where a deep-linked order
 * goes in the list, and what a key shows after a refund.
 */

const ORDER_ID = /^[0-9a-f]{24}$/i;

/** The order a `/account?order=<id>` link opens, or null. */
export function orderIdFromQuery(search: string): string | null {
  const id = new URLSearchParams(search).get('order') ?? '';
  return ORDER_ID.test(id) ? id : null;
}

/** The account page opened on one order (the checkout's return page links here). */
export function orderPath(locale: Locale, orderId: string): string {
  return `${localizedPath(locale, '/account')}?${new URLSearchParams({ order: orderId })}`;
}

/** The listed orders with a deep-linked one first when the loaded page does not hold it. */
export function withOrder(orders: readonly Order[], order: Order | null): Order[] {
  if (!order || orders.some((o) => o.id === order.id)) return [...orders];
  return [order, ...orders];
}

/** The list after loading one more page: orders already listed (a deep link) are not repeated. */
export function appendPage(orders: readonly Order[], page: readonly Order[]): Order[] {
  const listed = new Set(orders.map((o) => o.id));
  return [...orders, ...page.filter((o) => !listed.has(o.id))];
}

export type KeyRefund = 'refunded' | 'revoked';

/**
 * Whether a key went back with its line's refund, and how (`refunded`: back on sale, `revoked`:
 * revealed before the refund); null for a key the buyer still owns.
 */
export const keyRefund = (key: OrderKey): KeyRefund | null =>
  key.status === 'sold' ? null : key.status;

/** Whether a line is a game account: claimed once instead of revealed. */
export const isAccountItem = (item: OrderItem): boolean => item.categoryId === 'accounts';
