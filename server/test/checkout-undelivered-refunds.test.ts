import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminOrderSchema,
  ApiErrorSchema,
  CheckoutStartedSchema,
  RefundSchema,
  type Order,
  type PaymentProvider,
} from '@market/shared';
import { reconcilePayments } from '../src/jobs/reconcile-payments.ts';
import type { KeyDoc } from '../src/modules/keys/keys.repository.ts';
import type { OfferDoc } from '../src/modules/offers/offers.repository.ts';
import type { OrderDoc } from '../src/modules/orders/order-doc.ts';
import { freshCodes, newProduct, sell, uploadKeys } from './fixtures.ts';
import {
  buyerWith,
  checkout,
  orderOf,
  paymentsWiring,
  testProviders,
} from './checkout-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { clickButton } from './payments-helpers.ts';
import { raClient } from './ra-client.ts';

/**
 * Money never stays with an order that is not delivered: a paid order declined or cancelled —
 * by an admin from the review queue, or by fraud screening right after the capture — gets its
 * whole capture back through the provider, and a crash between the decision and the refund is
 * repaired by the reconciliation job. Real sandboxes, real HTTP.
 */

let t: TestServer;
let seller: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  // Each buyer pays from an address of their own (X-Forwarded-For through a trusted proxy), so
  // velocity per address holds nothing; the rules these tests want are set up per order.
  t = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  [seller, admin] = await Promise.all([t.account('seller'), t.account('admin')]);
});
afterAll(() => t.close());

/** Over the new-account limit (150 €): screening holds a fresh buyer's order for review. */
const HELD_CENTS = 20_000;
const AWIN_COOKIE = 'awc=1001_1700000000_abc; channel=aw';

/** One unit of a fresh product at `cents`, bought by a fresh buyer (two keys on sale). */
async function boughtInCart(cents: number) {
  const productId = await newProduct(t.db, {});
  const offer = await sell(t, seller, productId, { eur: cents, usd: cents, gbp: cents });
  await uploadKeys(t, seller, offer.id, freshCodes(2));
  const buyer = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
  return { buyer, offerId: offer.id };
}

/** Checkout, pay on the provider's page, come back: answers the order once it left pending. */
async function paidOrder(buyer: TestAccount, provider: PaymentProvider): Promise<Order> {
  const res = await checkout(t, buyer, provider, {}, { cookie: AWIN_COOKIE });
  expect(res.status).toBe(201);
  const { orderId, approvalUrl } = CheckoutStartedSchema.parse(await res.json());
  const paid = await clickButton(approvalUrl, provider === 'paypal' ? 'Pay now' : 'Pay');
  expect(paid.status).toBe(303);
  const back = await t.call('POST', `/api/user/checkout/${orderId}/complete`, {
    token: buyer.token,
    body: { cancelled: false },
  });
  expect(back.status).toBe(200);
  return until(buyer, orderId, (o) => o.status !== 'pending');
}

/** Polls the buyer's order until `done` (the webhook racing the return works in background). */
async function until(buyer: TestAccount, id: string, done: (o: Order) => boolean) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const order = await orderOf(t, buyer, id);
    if (done(order) || Date.now() > deadline) return order;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const orderDoc = async (id: string) =>
  (await t.db.collection<OrderDoc>('orders').findOne({ _id: new ObjectId(id) }))!;
const stockOf = async (offerId: string) =>
  (await t.db.collection<OfferDoc>('offers').findOne({ _id: new ObjectId(offerId) }))!.stock;
const keysOf = (orderId: string) =>
  t.db
    .collection<KeyDoc>('keys')
    .find({ orderId: new ObjectId(orderId) })
    .toArray();
const refundsOf = async (orderId: string) => {
  const { data } = await raClient(t.url, 'admin', admin.token).getList('refunds', {
    pagination: { page: 1, perPage: 50 },
    sort: { field: 'createdAt', order: 'ASC' },
    filter: { orderId },
  });
  return data.map((r) => RefundSchema.parse(r));
};
/** What the Awin sandbox received about an order number. */
async function awinCallsFor(number: string) {
  const calls = (await (await fetch(`${t.awin.sandbox!.url}/__received`)).json()) as Array<{
    body: unknown;
  }>;
  return calls.filter((c) => JSON.stringify(c.body).includes(`"${number}"`));
}

/** What the provider holds for the order's payment: how much of it went back. */
async function refundedAtProvider(id: string) {
  const { payment } = await orderDoc(id);
  return (await testProviders(t)[payment!.provider].getPayment(payment!.providerRef)).refundedCents;
}

/** One run of the reconciliation job, as if it came `minutes` from now. */
const reconcileLater = (minutes = 10) => {
  const { payments, log } = paymentsWiring(t);
  return reconcilePayments({
    payments,
    afterMinutes: 5,
    log,
    now: new Date(Date.now() + minutes * 60_000),
  });
};

const adminDecides = (id: string, action: string, body: unknown = {}) =>
  t.call('POST', `/api/admin/orders/${id}/${action}`, { token: admin.token, body });

describe('an admin declines or cancels a paid order held for review', () => {
  it.each([
    { action: 'decline', reason: undefined, provider: 'paypal', status: 'declined' },
    {
      action: 'decline',
      reason: 'Declined by Admin as fraud, manual execution',
      provider: 'checkout',
      status: 'declined_fraud',
    },
    { action: 'cancel', reason: undefined, provider: 'paypal', status: 'cancelled' },
  ] as const)(
    '$action ($status, $provider): the whole capture goes back, keys back on sale, once',
    async ({ action, reason, provider, status }) => {
      const { buyer, offerId } = await boughtInCart(HELD_CENTS);
      const held = await paidOrder(buyer, provider);
      expect(held.status).toBe('review');
      expect(await stockOf(offerId)).toBe(1);

      const res = await adminDecides(held.id, action, reason ? { reason } : {});
      expect(res.status).toBe(200);
      // The admin's answer already shows the money back.
      const decided = AdminOrderSchema.parse(await res.json());
      expect(decided.status).toBe(status);
      expect(decided.refundedCents).toBe(HELD_CENTS);

      const mine = await orderOf(t, buyer, held.id);
      expect(mine.refundedCents).toBe(HELD_CENTS);
      expect(mine.items[0]!.keys).toEqual([]);
      expect(await refundedAtProvider(held.id)).toBe(HELD_CENTS);
      // The key is on sale again, and no longer names the order.
      expect(await stockOf(offerId)).toBe(2);
      expect(await keysOf(held.id)).toEqual([]);

      const [refund, ...more] = await refundsOf(held.id);
      expect(more).toEqual([]);
      expect(refund).toMatchObject({
        itemId: null,
        amountCents: HELD_CENTS,
        currency: 'eur',
        status: 'completed',
        actorUid: admin.uid,
      });
      expect(refund!.providerRefundId).toBeTruthy();
      expect(refund!.reason).toMatch(/by Admin.*: the payment goes back in full$/);
      // Awin never heard of a sale it could amend.
      expect(await awinCallsFor(held.number)).toEqual([]);

      // The reconciliation finds nothing left to give back.
      await reconcileLater();
      expect(await refundsOf(held.id)).toHaveLength(1);
      expect(await refundedAtProvider(held.id)).toBe(HELD_CENTS);
    },
  );

  it('refuses to approve again a decline whose payment went back (409), keys stay on sale', async () => {
    const { buyer, offerId } = await boughtInCart(HELD_CENTS);
    const held = await paidOrder(buyer, 'paypal');
    expect((await adminDecides(held.id, 'decline')).status).toBe(200);
    const again = await adminDecides(held.id, 'approve');
    expect(again.status).toBe(409);
    expect(ApiErrorSchema.parse(await again.json()).message).toMatch(/went back to the buyer/);
    const doc = await orderDoc(held.id);
    expect(doc.status).toBe('declined');
    expect(doc.decisions.map((d) => d.status)).toEqual(['review', 'declined']);
    expect(await stockOf(offerId)).toBe(2);
  });
});

describe('fraud screening declines an order after its capture', () => {
  it('gives the money back by itself: the System refunds, keys back on sale', async () => {
    const { buyer, offerId } = await boughtInCart(1999);
    await t.db.collection('blocklist').insertOne({
      kind: 'email',
      value: buyer.email.toLowerCase(),
      reason: 'chargebacks',
      createdAt: new Date(),
    });
    const declined = await paidOrder(buyer, 'paypal');
    expect(declined.status).toBe('declined_fraud');
    expect((await orderDoc(declined.id)).decisions.at(-1)).toMatchObject({ actor: 'System' });
    const mine = await until(buyer, declined.id, (o) => o.refundedCents > 0);
    expect(mine.refundedCents).toBe(1999);
    expect(await refundedAtProvider(declined.id)).toBe(1999);
    expect(await stockOf(offerId)).toBe(2);

    const refunds = await refundsOf(declined.id);
    expect(refunds.map((r) => [r.amountCents, r.status, r.actorUid])).toEqual([
      [1999, 'completed', null],
    ]);
    expect(refunds[0]!.reason).toBe(
      'Declined by fraud screening: blocked email: the payment goes back in full',
    );
  });
});

describe('a crash between the decision and the refund', () => {
  it('leaves the order owing its capture, and the reconciliation job refunds it once', async () => {
    const { buyer, offerId } = await boughtInCart(HELD_CENTS);
    const held = await paidOrder(buyer, 'paypal');
    // The decision alone, as a process killed right after writing it would leave it.
    const { orderService, payments, log } = paymentsWiring(t);
    await orderService.decideAsAdmin(held.id, 'cancel', undefined, admin.uid);
    expect((await orderOf(t, buyer, held.id)).refundedCents).toBe(0);
    expect(await stockOf(offerId)).toBe(2);

    // Too recent for the job: a live request may still be refunding it.
    await reconcilePayments({ payments, afterMinutes: 5, log });
    expect(await refundsOf(held.id)).toEqual([]);

    const { refunds } = await reconcileLater();
    expect(refunds).toBeGreaterThanOrEqual(1);
    expect((await orderOf(t, buyer, held.id)).refundedCents).toBe(HELD_CENTS);
    expect(await refundedAtProvider(held.id)).toBe(HELD_CENTS);
    const [refund, ...more] = await refundsOf(held.id);
    expect(more).toEqual([]);
    expect(refund).toMatchObject({ status: 'completed', actorUid: admin.uid });
    expect(refund!.reason).toBe(
      'Cancelled by Admin, manual execution: the payment goes back in full',
    );
  });

  it('makes one refund when calls race to give the money back (return, webhook, job)', async () => {
    const { buyer } = await boughtInCart(HELD_CENTS);
    const held = await paidOrder(buyer, 'checkout');
    const { orderService, payments } = paymentsWiring(t);
    await orderService.decideAsAdmin(held.id, 'decline', undefined, admin.uid);
    const owing = await orderDoc(held.id);
    await Promise.all([1, 2, 3].map(() => payments.refunds.refundUndeliverable(owing)));
    expect((await refundsOf(held.id)).map((r) => [r.amountCents, r.status])).toEqual([
      [HELD_CENTS, 'completed'],
    ]);
    expect((await orderOf(t, buyer, held.id)).refundedCents).toBe(HELD_CENTS);
    expect(await refundedAtProvider(held.id)).toBe(HELD_CENTS);
  });

  it('stops asking when the provider refuses the refund, and leaves it to a person', async () => {
    const { buyer } = await boughtInCart(HELD_CENTS);
    const held = await paidOrder(buyer, 'paypal');
    // A capture the provider does not know (refunded by hand in its dashboard, say).
    await t.db
      .collection<OrderDoc>('orders')
      .updateOne({ _id: new ObjectId(held.id) }, { $set: { 'payment.captureId': 'UNKNOWN' } });
    const res = await adminDecides(held.id, 'decline');
    // The decision stands; the refused refund is in the list for a person.
    expect(res.status).toBe(200);
    expect(AdminOrderSchema.parse(await res.json())).toMatchObject({
      status: 'declined',
      refundedCents: 0,
    });
    expect((await refundsOf(held.id)).map((r) => r.status)).toEqual(['failed']);
    await reconcileLater();
    await reconcileLater(20);
    expect((await refundsOf(held.id)).map((r) => r.status)).toEqual(['failed']);
  });
});
