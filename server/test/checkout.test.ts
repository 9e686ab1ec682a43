import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminOrderSchema,
  CartSchema,
  CheckoutStartedSchema,
  OrderSchema,
  PAYMENT_PROVIDERS,
  RefundSchema,
  type CategoryId,
  type OrderStatus,
  type PaymentProvider,
} from '@market/shared';
import { CHECKOUT_TEST_CARDS } from '../src/sandboxes/checkout-com/index.ts';
import { createPaypalClient } from '../src/integrations/payments/paypal/paypal-client.ts';
import { PAYPAL_SANDBOX_CREDENTIALS } from '../src/sandboxes/paypal/index.ts';
import { reconcilePayments } from '../src/jobs/reconcile-payments.ts';
import type { KeyDoc } from '../src/modules/keys/keys.repository.ts';
import type { LedgerEntryDoc } from '../src/modules/ledger/ledger.repository.ts';
import type { OfferDoc } from '../src/modules/offers/offers.repository.ts';
import type { OrderDoc } from '../src/modules/orders/order-doc.ts';
import type { OutboxDoc } from '../src/modules/outbox/outbox.repository.ts';
import {
  expectFieldErrors,
  freshCodes,
  newProduct,
  rejection,
  sell,
  uploadKeys,
} from './fixtures.ts';
import { buyerWith, checkout, orderOf, paymentsWiring, settledOrder } from './checkout-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { clickButton, startWebhookReceiver, type Delivery } from './payments-helpers.ts';
import { raClient } from './ra-client.ts';

let t: TestServer;
let seller: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  // Each buyer pays from an address of their own (X-Forwarded-For through a trusted proxy):
  // velocity screening per address would otherwise hold every order of this file for review.
  t = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  [seller, admin] = await Promise.all([t.account('seller'), t.account('admin')]);
});
afterAll(() => t.close());

/** A product `seller` sells at `cents` in every currency, with `stock` keys uploaded. */
async function onSale(stock: number, cents = 1999, categoryId: CategoryId = 'games') {
  const productId = await newProduct(t.db, { categoryId });
  const offer = await sell(t, seller, productId, { eur: cents, usd: cents, gbp: cents });
  await uploadKeys(t, seller, offer.id, freshCodes(stock));
  return { productId, offerId: offer.id };
}

async function started(res: Response) {
  expect(res.status).toBe(201);
  return CheckoutStartedSchema.parse(await res.json());
}

/** The buyer pays on the provider's page, as a browser does; answers where they are sent back. */
async function pay(provider: PaymentProvider, approvalUrl: string, card?: string) {
  const { status, location } =
    provider === 'paypal'
      ? await clickButton(approvalUrl, 'Pay now')
      : await clickButton(approvalUrl, 'Pay', card ? { card_number: card } : {});
  expect(status).toBe(303);
  return new URL(location!);
}

async function complete(buyer: TestAccount, orderId: string, cancelled = false) {
  const res = await t.call('POST', `/api/user/checkout/${orderId}/complete`, {
    token: buyer.token,
    body: { cancelled },
  });
  expect(res.status).toBe(200);
  return OrderSchema.parse(await res.json());
}

const settled = (buyer: TestAccount, id: string) => settledOrder(t, buyer, id);

const keysOf = (orderId: string) =>
  t.db
    .collection<KeyDoc>('keys')
    .find({ orderId: new ObjectId(orderId) })
    .toArray();
const stockOf = async (offerId: string) =>
  (await t.db.collection<OfferDoc>('offers').findOne({ _id: new ObjectId(offerId) }))!.stock;
const mailsTo = (buyer: TestAccount) =>
  t.db.collection<OutboxDoc>('outbox').find({ to: buyer.email, kind: 'order-delivered' }).toArray();
const ledgerOf = (orderId: string) =>
  t.db
    .collection<LedgerEntryDoc>('sellerLedger')
    .find({ orderId: new ObjectId(orderId) })
    .toArray();
const orderDoc = async (orderId: string) =>
  (await t.db.collection<OrderDoc>('orders').findOne({ _id: new ObjectId(orderId) }))!;

/** A PayPal client of the test server's sandbox, to see what the provider holds. */
const paypal = () =>
  createPaypalClient({
    baseUrl: t.paymentSandboxes.urls.paypal!,
    clientId: PAYPAL_SANDBOX_CREDENTIALS.clientId,
    clientSecret: PAYPAL_SANDBOX_CREDENTIALS.clientSecret,
    webhookId: PAYPAL_SANDBOX_CREDENTIALS.webhookId,
  });

/** What the Awin sandbox received about an order number. */
async function awinCallsFor(number: string) {
  const calls = (await (await fetch(`${t.awin.sandbox!.url}/__received`)).json()) as Array<{
    path: string;
    body: unknown;
  }>;
  return calls.filter((c) => JSON.stringify(c.body).includes(`"${number}"`));
}

/** Webhooks go to a receiver instead of the app while `run` runs: the test delivers them. */
async function withWebhooksHeld(
  run: (held: Delivery[], wait: () => Promise<Delivery>) => Promise<void>,
) {
  const receiver = await startWebhookReceiver();
  t.paymentSandboxes.setWebhookOrigin(new URL(receiver.url).origin);
  try {
    await run(receiver.deliveries, () => receiver.waitFor(() => true));
  } finally {
    t.paymentSandboxes.setWebhookOrigin(t.url);
    await receiver.close();
  }
}

/** Delivers a held webhook to the app, as the provider would. */
const deliver = (provider: PaymentProvider, d: Delivery) =>
  fetch(`${t.url}/api/payments/webhooks/${provider}`, {
    method: 'POST',
    headers: Object.fromEntries(
      Object.entries(d.headers).filter(([k]) => k.startsWith('paypal-') || k.startsWith('cko-')),
    ),
    body: d.rawBody,
  });

describe('POST /api/user/checkout, then the return', () => {
  it.each(PAYMENT_PROVIDERS)(
    'takes a cart to delivered keys through %s, with one mail and the Awin conversion',
    async (provider) => {
      const { productId, offerId } = await onSale(3);
      const buyer = await buyerWith(t, seller, [{ productId, quantity: 2 }]);
      const { orderId, approvalUrl } = await started(
        await checkout(t, buyer, provider, {}, { cookie: 'awc=1001_1700000000_abc; channel=aw' }),
      );
      // Keys are held while the buyer pays; the cart is emptied.
      expect(await stockOf(offerId)).toBe(1);
      const cart = CartSchema.parse(
        await (await t.call('GET', '/api/cart/get', { token: buyer.token })).json(),
      );
      expect(cart.products).toEqual([]);

      const back = await pay(provider, approvalUrl);
      expect(`${back.origin}${back.pathname}`).toMatch(/\/checkout\/complete$/);
      expect(back.searchParams.get('order')).toBe(orderId);
      // A return racing the webhook may answer `pending` while the other call decides: poll.
      const order = await settled(buyer, (await complete(buyer, orderId)).id);
      expect(order.status).toBe('approved');
      expect(order.items[0]!.keys.map((k) => k.status)).toEqual(['sold', 'sold']);
      expect((await keysOf(orderId)).map((k) => k.status)).toEqual(['sold', 'sold']);

      // The webhook raced the return: still one delivery, one credit, one conversion.
      await new Promise((r) => setTimeout(r, 300));
      expect(await mailsTo(buyer)).toHaveLength(1);
      expect(await ledgerOf(orderId)).toHaveLength(1);
      const conversions = await awinCallsFor(order.number);
      expect(conversions).toHaveLength(1);
      expect(JSON.stringify(conversions[0]!.body)).toContain('1001_1700000000_abc');
      const doc = await orderDoc(orderId);
      expect(doc.payment).toMatchObject({ provider, status: 'captured', amountCents: 3998 });
    },
  );

  it('settles by the webhook alone when the buyer never comes back', async () => {
    const { productId } = await onSale(1);
    const buyer = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
    const { orderId, approvalUrl } = await started(await checkout(t, buyer, 'paypal'));
    await pay('paypal', approvalUrl);
    const order = await settled(buyer, orderId);
    expect(order.status).toBe('approved');
    expect(order.items[0]!.deliveredCount).toBe(1);
    expect(await mailsTo(buyer)).toHaveLength(1);
  });

  it('handles a repeated webhook delivery once', async () => {
    const { productId } = await onSale(2);
    const buyer = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
    const { orderId, approvalUrl } = await started(await checkout(t, buyer, 'checkout'));
    await withWebhooksHeld(async (_, wait) => {
      await pay('checkout', approvalUrl);
      const approved = await wait();
      const answers = await Promise.all([1, 2, 3].map(() => deliver('checkout', approved)));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
      expect((await deliver('checkout', approved)).status).toBe(200);
    });
    expect((await orderOf(t, buyer, orderId)).status).toBe('approved');
    expect(await mailsTo(buyer)).toHaveLength(1);
    expect(await ledgerOf(orderId)).toHaveLength(1);
    expect(await t.db.collection('paymentEvents').countDocuments({ orderId })).toBe(1);
  });

  it('captures once and delivers once when the return and the webhook race', async () => {
    const { productId } = await onSale(2);
    const buyer = await buyerWith(t, seller, [{ productId, quantity: 2 }]);
    const { orderId, approvalUrl } = await started(await checkout(t, buyer, 'paypal'));
    await withWebhooksHeld(async (_, wait) => {
      await pay('paypal', approvalUrl);
      const approved = await wait();
      const [webhook, ...returns] = await Promise.all([
        deliver('paypal', approved),
        complete(buyer, orderId),
        complete(buyer, orderId),
      ]);
      expect(webhook.status).toBe(200);
      for (const order of returns) expect(['approved', 'pending']).toContain(order.status);
    });
    const order = await settled(buyer, orderId);
    expect(order.status).toBe('approved');
    expect(order.items[0]!.keys).toHaveLength(2);
    expect(await mailsTo(buyer)).toHaveLength(1);
    expect(await ledgerOf(orderId)).toHaveLength(1);
    const doc = await orderDoc(orderId);
    expect(doc.decisions.map((d) => d.status)).toEqual(['approved']);
    // One capture of the whole amount at the provider.
    const atPaypal = await paypal().getPayment(doc.payment!.providerRef);
    expect(atPaypal).toMatchObject({ status: 'captured', capturedCents: 3998 });
    expect(atPaypal.captureId).toBe(doc.payment!.captureId);
  });

  it('declines the order and puts the keys back when the capture is declined', async () => {
    const { productId, offerId } = await onSale(2);
    const buyer = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
    const { orderId, approvalUrl } = await started(await checkout(t, buyer, 'checkout'));
    await pay('checkout', approvalUrl, CHECKOUT_TEST_CARDS.captureDeclined);
    const order = await settled(buyer, (await complete(buyer, orderId)).id);
    expect(order.status).toBe('declined');
    expect(order.items[0]!.keys).toEqual([]);
    expect(await keysOf(orderId)).toEqual([]);
    expect(await stockOf(offerId)).toBe(2);
    expect(await mailsTo(buyer)).toHaveLength(0);
  });

  it('cancels the order when the buyer cancels at the provider, keys back at once', async () => {
    const { productId, offerId } = await onSale(1);
    const buyer = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
    const { orderId, approvalUrl } = await started(await checkout(t, buyer, 'paypal'));
    expect(await stockOf(offerId)).toBe(0);
    const { location } = await clickButton(approvalUrl, 'Cancel and return to the shop');
    const back = new URL(location!);
    expect(back.searchParams.get('cancelled')).toBe('1');
    const order = await complete(buyer, orderId, true);
    expect(order.status).toBe('cancelled');
    expect(await stockOf(offerId)).toBe(1);
    const doc = await orderDoc(orderId);
    expect(doc.decisions.at(-1)).toMatchObject({ actor: 'System', status: 'cancelled' });
  });

  it('sends the Italian buyer back to the Italian return page', async () => {
    const { productId } = await onSale(1);
    const buyer = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
    const { approvalUrl } = await started(await checkout(t, buyer, 'paypal', { locale: 'it' }));
    const back = await pay('paypal', approvalUrl);
    expect(back.pathname).toBe('/it/checkout/complete');
  });

  it('needs the confirmation to buy a game account (409), then takes the order', async () => {
    const { productId } = await onSale(1, 1999, 'accounts');
    const buyer = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
    await expectFieldErrors(await checkout(t, buyer, 'paypal'), 409, [
      'confirmations.purchaseAccountProduct',
    ]);
    await started(
      await checkout(t, buyer, 'paypal', { confirmations: { purchaseAccountProduct: true } }),
    );
  });

  it('answers 409 naming the cart line that ran out, and the cart shows it at 0', async () => {
    const { productId } = await onSale(1);
    const first = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
    const second = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
    await started(await checkout(t, first, 'paypal'));
    await expectFieldErrors(await checkout(t, second, 'paypal'), 409, ['products.0.quantity']);
    const cart = CartSchema.parse(
      await (await t.call('GET', '/api/cart/get', { token: second.token })).json(),
    );
    expect(cart.products[0]).toMatchObject({ quantity: 0, outOfStock: true });
  });

  it('refuses an empty cart with 400 and a malformed body with field errors', async () => {
    const buyer = await t.account('user');
    await expectFieldErrors(await checkout(t, buyer, 'paypal'), 400, ['products']);
    await expectFieldErrors(
      await t.call('POST', '/api/user/checkout', {
        token: buyer.token,
        body: { provider: 'cash', currency: 'chf' },
      }),
      400,
      ['provider', 'currency', 'locale'],
    );
  });

  it('answers 404 to the return of another buyer’s order', async () => {
    const { productId } = await onSale(1);
    const buyer = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
    const { orderId } = await started(await checkout(t, buyer, 'paypal'));
    const stranger = await t.account('user');
    const res = await t.call('POST', `/api/user/checkout/${orderId}/complete`, {
      token: stranger.token,
      body: {},
    });
    expect(res.status).toBe(404);
  });
});

describe('POST /api/payments/webhooks/*', () => {
  it('refuses a delivery whose signature does not verify', async () => {
    for (const provider of PAYMENT_PROVIDERS) {
      const res = await fetch(`${t.url}/api/payments/webhooks/${provider}`, {
        method: 'POST',
        headers: { 'cko-signature': 'forged', 'paypal-transmission-id': 'x' },
        body: JSON.stringify({ id: 'evt_1', type: 'payment_approved' }),
      });
      expect(res.status, provider).toBe(400);
    }
  });
});

describe('POST /api/admin/orders/:id/refund', () => {
  const post = (path: string, body?: unknown) =>
    t.call('POST', path, { token: admin.token, body: body ?? {} });

  it('refunds one line: money back, keys back or revoked, seller debited, Awin amended', async () => {
    const a = await onSale(2, 1000);
    const b = await onSale(1, 500);
    const buyer = await buyerWith(t, seller, [
      { productId: a.productId, quantity: 2 },
      { productId: b.productId, quantity: 1 },
    ]);
    const { orderId, approvalUrl } = await started(
      await checkout(t, buyer, 'paypal', {}, { cookie: 'awc=1001_1700000000_ref' }),
    );
    await pay('paypal', approvalUrl);
    // A return racing the webhook may answer `pending` while the other call decides: poll.
    const order = await settled(buyer, (await complete(buyer, orderId)).id);
    expect(order.status).toBe('approved');
    const [lineA, lineB] = order.items;
    // The buyer reveals one of line A's keys: that one cannot go back on sale.
    const revealed = lineA!.keys[0]!.id;
    const reveal = await t.call('POST', `/api/user/orders/${orderId}/keys/${revealed}/reveal`, {
      token: buyer.token,
      body: { waiveWithdrawal: true },
    });
    expect(reveal.status).toBe(200);
    expect(await stockOf(a.offerId)).toBe(0);

    const res = await post(`/api/admin/orders/${orderId}/refund`, {
      itemId: lineA!.id,
      reason: 'Buyer could not activate',
    });
    expect(res.status).toBe(200);
    const after = AdminOrderSchema.parse(await res.json());
    expect(after.refundedCents).toBe(2000);
    expect(after.status).toBe('approved');
    // The buyer is told, once, what came back.
    const told = await t.db
      .collection<OutboxDoc>('outbox')
      .find({ to: buyer.email.toLowerCase(), kind: 'refund-issued' })
      .toArray();
    expect(told.map((m) => m.subject.replaceAll('\u00a0', ' '))).toEqual([
      `Order ${order.number}: €20.00 refunded`,
    ]);

    const mine = await orderOf(t, buyer, orderId);
    const refundedLine = mine.items.find((i) => i.id === lineA!.id)!;
    expect(refundedLine.refundedCents).toBe(2000);
    expect(Object.fromEntries(refundedLine.keys.map((k) => [k.id, k.status]))).toEqual({
      [revealed]: 'revoked',
      [lineA!.keys[1]!.id]: 'refunded',
    });
    expect(mine.items.find((i) => i.id === lineB!.id)!.keys.map((k) => k.status)).toEqual(['sold']);
    expect(await stockOf(a.offerId)).toBe(1);
    const ledger = await ledgerOf(orderId);
    // The line credited its seller 2000 less the default commission (5 % = 100, 30 per line):
    // the refund takes back that net, and the commission goes back with it.
    expect(
      ledger.filter((e) => e.type === 'refund').map((e) => [e.amountCents, e.commissionCents]),
    ).toEqual([[-1870, -130]]);
    // Refunded inside the holdback (7 days by default): the debit is of pending money, released
    // together with the sale it reverses.
    const refundEntry = ledger.find((e) => e.type === 'refund')!;
    const saleEntry = ledger.find((e) => e.type === 'sale' && e.itemId.equals(refundEntry.itemId))!;
    expect(refundEntry.availableAt).toEqual(saleEntry.availableAt);
    expect(saleEntry.availableAt!.getTime() - saleEntry.at.getTime()).toBe(7 * 86_400_000);

    const doc = await orderDoc(orderId);
    expect((await paypal().getPayment(doc.payment!.providerRef)).refundedCents).toBe(2000);
    const amendments = (await awinCallsFor(order.number)).filter((c) =>
      c.path.includes('/transactions/'),
    );
    expect(amendments).toHaveLength(1);
    expect(JSON.stringify(amendments[0]!.body)).toContain('"amend"');

    // A line is refunded once.
    const again = await post(`/api/admin/orders/${orderId}/refund`, {
      itemId: lineA!.id,
      reason: 'Again',
    });
    expect(again.status).toBe(409);

    // The rest of the order; then nothing is left.
    const rest = AdminOrderSchema.parse(
      await (await post(`/api/admin/orders/${orderId}/refund`, { reason: 'Whole order' })).json(),
    );
    expect(rest.refundedCents).toBe(order.totals.total);
    expect(
      (await post(`/api/admin/orders/${orderId}/refund`, { reason: 'Whole order' })).status,
    ).toBe(409);

    const client = raClient(t.url, 'admin', admin.token);
    const { data, total } = await client.getList('refunds', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'ASC' },
      filter: { orderId },
    });
    expect(total).toBe(2);
    const refunds = data.map((r) => RefundSchema.parse(r));
    expect(refunds.map((r) => [r.itemId, r.amountCents, r.status])).toEqual([
      [lineA!.id, 2000, 'completed'],
      [null, 500, 'completed'],
    ]);
    expect(refunds[0]!.actorUid).toBe(admin.uid);
    const one = await client.getOne('refunds', { id: refunds[0]!.id });
    expect(one.data.orderNumber).toBe(order.number);

    // The two refunds, and the audit trail's record of each refused second attempt.
    const audit = await t.db.collection('auditLog').find({ 'target.id': orderId }).toArray();
    expect(audit.map((e) => [e.action, e.details?.outcome ?? null])).toEqual([
      ['order.refund', null],
      ['record.action', 'refused'],
      ['order.refund', null],
      ['record.action', 'refused'],
    ]);
  });

  it('revokes a sold key an admin revealed instead of putting it back on sale', async () => {
    const a = await onSale(2, 1000);
    const buyer = await buyerWith(t, seller, [{ productId: a.productId, quantity: 2 }]);
    const { orderId, approvalUrl } = await started(await checkout(t, buyer, 'paypal'));
    await pay('paypal', approvalUrl);
    const order = await settled(buyer, (await complete(buyer, orderId)).id);
    expect(order.status).toBe('approved');
    const [seen, unseen] = order.items[0]!.keys;
    const reveal = await post(`/api/admin/keys/${seen!.id}/reveal`, {
      reason: 'Ticket 4711: the buyer says it was used',
    });
    expect(reveal.status).toBe(200);
    // The buyer's right of withdrawal is theirs: an admin's reveal is not the buyer's.
    const before = await orderOf(t, buyer, orderId);
    expect(before.items[0]!.keys.find((k) => k.id === seen!.id)!.revealedAt).toBeNull();

    const res = await post(`/api/admin/orders/${orderId}/refund`, { reason: 'Key did not work' });
    expect(res.status).toBe(200);
    const after = await orderOf(t, buyer, orderId);
    expect(Object.fromEntries(after.items[0]!.keys.map((k) => [k.id, k.status]))).toEqual({
      [seen!.id]: 'revoked',
      [unseen!.id]: 'refunded',
    });
    expect(await stockOf(a.offerId)).toBe(1);
  });

  it('refuses a refund of an order that is not approved, of a foreign line, and a bad body', async () => {
    const { productId } = await onSale(1);
    const buyer = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
    const { orderId } = await started(await checkout(t, buyer, 'paypal'));
    expect(
      (await post(`/api/admin/orders/${orderId}/refund`, { reason: 'Too early' })).status,
    ).toBe(409);
    await expectFieldErrors(await post(`/api/admin/orders/${orderId}/refund`, {}), 400, ['reason']);
    expect(
      (await post(`/api/admin/orders/${new ObjectId().toHexString()}/refund`, { reason: 'Nobody' }))
        .status,
    ).toBe(404);
    const client = raClient(t.url, 'admin', admin.token);
    expect(
      (await rejection(client.getOne('refunds', { id: new ObjectId().toHexString() }))).status,
    ).toBe(404);
  });
});

describe('POST /api/admin/orders/:id/refresh', () => {
  it('settles a paid order nobody settled, as the reconciliation does', async () => {
    const { productId } = await onSale(1);
    const buyer = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
    const { orderId, approvalUrl } = await started(await checkout(t, buyer, 'paypal'));
    await withWebhooksHeld(async (_, wait) => {
      await pay('paypal', approvalUrl);
      await wait();
    });
    expect((await orderOf(t, buyer, orderId)).status satisfies OrderStatus).toBe('pending');
    const res = await t.call('POST', `/api/admin/orders/${orderId}/refresh`, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    expect(AdminOrderSchema.parse(await res.json()).status).toBe('approved');
  });
});

describe('reconcilePayments (the job main.ts runs)', () => {
  it('settles a payment whose webhook was lost, once it waited long enough', async () => {
    const { payments, log } = paymentsWiring(t);
    const { productId } = await onSale(1);
    const buyer = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
    const { orderId, approvalUrl } = await started(await checkout(t, buyer, 'checkout'));
    await withWebhooksHeld(async (_, wait) => {
      await pay('checkout', approvalUrl);
      await wait();
    });
    // Too recent: the webhook or the buyer's return may still come.
    await reconcilePayments({ payments, afterMinutes: 5, log });
    expect((await orderOf(t, buyer, orderId)).status).toBe('pending');
    const later = new Date(Date.now() + 6 * 60_000);
    const { settled: count } = await reconcilePayments({
      payments,
      afterMinutes: 5,
      log,
      now: later,
    });
    expect(count).toBeGreaterThanOrEqual(1);
    expect((await orderOf(t, buyer, orderId)).status).toBe('approved');
    // The capture's own webhook (no longer held) may have decided first; its delivery, which now
    // issues the invoice before the mail, can still be under way when the reconciliation returns.
    await expect.poll(async () => (await mailsTo(buyer)).length, { timeout: 10_000 }).toBe(1);
  });
});

describe('admin decisions', () => {
  it('are written to the audit log with their reason', async () => {
    const { productId } = await onSale(1);
    const buyer = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
    const { orderId } = await started(await checkout(t, buyer, 'paypal'));
    const res = await t.call('POST', `/api/admin/orders/${orderId}/cancel`, {
      token: admin.token,
      body: {},
    });
    expect(res.status).toBe(200);
    const [entry] = await t.db.collection('auditLog').find({ 'target.id': orderId }).toArray();
    expect(entry).toMatchObject({
      action: 'order.cancel',
      actor: { uid: admin.uid },
      reason: 'Cancelled by Admin, manual execution',
    });
  });
});
