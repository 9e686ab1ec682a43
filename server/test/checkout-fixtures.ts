import { expect } from 'vitest';
import {
  AttributionSchema,
  CheckoutStartedSchema,
  OrderSchema,
  transactionId,
  type Order,
  type OrderPlace,
  type PaymentProvider,
} from '@market/shared';
import { loadConfig } from '../src/config.ts';
import { createContainer, type ContainerOptions } from '../src/container.ts';
import { createPaymentProviders } from '../src/integrations/payments/payment-providers.ts';
import type { OrderService, PaymentFacts } from '../src/modules/orders/orders.service.ts';
import type { TestAccount, TestServer } from './harness.ts';
import { clickButton } from './payments-helpers.ts';

/**
 * A container on the test server's database for driving the order service directly (placing
 * orders and the jobs have no HTTP route of their own: the checkout and main.ts call them):
 * built like the app's, with mails linking to `http://shop.test` and room for many unpaid orders
 * per buyer (the cap itself is tested through the app, rate-limits.test.ts).
 */
export const serviceContainer = (t: TestServer, options: ContainerOptions = {}) =>
  createContainer(
    {
      ...t.container.deps,
      publicOrigin: 'http://shop.test',
      orderHolds: { orders: 1000, units: 100_000 },
    },
    options,
  );

/** The test server's payment providers, talking to its sandboxes. */
export const testProviders = (t: TestServer) =>
  createPaymentProviders(loadConfig({ NODE_ENV: 'test' }), t.paymentSandboxes.urls);

/** The app's own order service and payments, as main.ts's reconciliation job drives them. */
export function paymentsWiring(t: TestServer) {
  const { orderService, deps } = t.container;
  return { orderService, payments: t.container, log: deps.log };
}

/** A fresh buyer (screening sees a new account with no history) with `seller`'s lines in the cart. */
export async function buyerWith(
  t: TestServer,
  seller: TestAccount,
  lines: Array<{ productId: string; quantity: number }>,
) {
  const buyer = await t.account('user');
  const res = await t.call('POST', '/api/cart/addToCart', {
    token: buyer.token,
    body: {
      transactionId: transactionId(),
      products: lines.map((l) => ({ ...l, sellerId: seller.sellerId })),
    },
  });
  expect(res.status).toBe(200);
  return buyer;
}

let address = 0;
/**
 * Starts the buyer's checkout from an address of its own (X-Forwarded-For, the server trusting
 * its proxy): velocity screening per address would otherwise hold the orders for review.
 */
export const checkout = (
  t: TestServer,
  buyer: TestAccount,
  provider: PaymentProvider,
  extra: Record<string, unknown> = {},
  /** More headers: the browser's cookies, or what the proxy in front adds (a client country). */
  headers: Record<string, string> = {},
) =>
  fetch(`${t.url}/api/user/checkout`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${buyer.token}`,
      'x-forwarded-for': `10.0.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
      ...headers,
    },
    body: JSON.stringify({ provider, currency: 'eur', locale: 'en', ...extra }),
  });

/**
 * The buyer checks out their cart with PayPal (`extra` adds to the checkout's body, a billing
 * country…), pays on the sandbox's page as a browser does and comes back (`complete`); answers
 * the order's id (settling may still be on its way).
 */
export async function paidWithPaypal(
  t: TestServer,
  buyer: TestAccount,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await checkout(t, buyer, 'paypal', extra);
  expect(res.status, await res.clone().text()).toBe(201);
  const { orderId, approvalUrl } = CheckoutStartedSchema.parse(await res.json());
  expect((await clickButton(approvalUrl, 'Pay now')).status).toBe(303);
  const back = await t.call('POST', `/api/user/checkout/${orderId}/complete`, {
    token: buyer.token,
    body: { cancelled: false },
  });
  expect(back.status).toBe(200);
  return orderId;
}

/**
 * Places `who`'s order straight through the order service (no cart, no provider), as if from the
 * client address `ip`, without attribution.
 */
export const placeDirectly = (
  orders: Pick<OrderService, 'placeOrder'>,
  who: TestAccount,
  lines: Array<{ offerId: string; quantity: number }>,
  ip: string,
  extra: Partial<OrderPlace> = {},
) =>
  orders.placeOrder({
    user: { uid: who.uid, email: who.email },
    order: { lines, currency: 'eur', ...extra },
    attribution: AttributionSchema.parse({}),
    ip,
  });

/** Records a PayPal capture of the whole order, as its webhook would; `facts` change it. */
export const recordCapture = (
  orders: Pick<OrderService, 'recordPayment'>,
  order: Order,
  facts: Partial<PaymentFacts> = {},
) =>
  orders.recordPayment(order.id, {
    provider: 'paypal',
    providerRef: `PP-${order.id}`,
    captureId: `CAP-${order.id}`,
    status: 'captured',
    amountCents: order.totals.total,
    currency: 'eur',
    ...facts,
  });

/** The buyer's view of one of their orders. */
export const orderOf = async (t: TestServer, buyer: TestAccount, id: string): Promise<Order> =>
  OrderSchema.parse(
    await (await t.call('GET', `/api/user/orders/${id}`, { token: buyer.token })).json(),
  );

/**
 * Polls the buyer's order until it leaves `pending` and, when approved, its keys are delivered
 * (the webhook, or the call that won the race, settles it in the background); 10 s at most.
 */
export async function settledOrder(t: TestServer, buyer: TestAccount, id: string): Promise<Order> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const order = await orderOf(t, buyer, id);
    // Keys are sold before the order records its delivery: wait for the record.
    const delivered = order.items.every((i) => i.deliveredCount === i.quantity);
    const done = order.status !== 'pending' && (order.status !== 'approved' || delivered);
    if (done || Date.now() > deadline) return order;
    await new Promise((r) => setTimeout(r, 50));
  }
}
