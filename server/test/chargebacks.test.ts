import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminOrderSchema,
  AuditEntrySchema,
  BlocklistEntrySchema,
  CheckoutStartedSchema,
  PAYMENT_PROVIDERS,
  transactionId,
  type PaymentProvider,
} from '@market/shared';
import { CHECKOUT_TEST_CARDS } from '../src/sandboxes/checkout-com/index.ts';
import { reconcilePayments } from '../src/jobs/reconcile-payments.ts';
import type { BlocklistDoc } from '../src/modules/fraud/blocklist.repository.ts';
import type { KeyDoc } from '../src/modules/keys/keys.repository.ts';
import type { LedgerEntryDoc } from '../src/modules/ledger/ledger.repository.ts';
import type { OrderDoc } from '../src/modules/orders/order-doc.ts';
import { freshCodes, newProduct, sell, uploadKeys } from './fixtures.ts';
import { buyerWith, checkout, orderOf, paymentsWiring, settledOrder } from './checkout-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { clickButton, startWebhookReceiver, type Delivery } from './payments-helpers.ts';

/**
 * Chargebacks end to end through each provider's sandbox, over real HTTP: a delivered order,
 * the sandbox takes the money back and sends its signed webhook, and the shop charges the order
 * back once — however often the event is delivered, and after a crash mid-way.
 */

let t: TestServer;
let seller: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  // Each buyer pays from an address of their own (velocity per address holds nothing).
  t = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  [seller, admin] = await Promise.all([t.account('seller'), t.account('admin')]);
});
afterAll(() => t.close());

const AWIN_COOKIE = 'awc=1001_1700000000_abc; channel=aw';

/** How each provider's buyer pays with the same instrument every time. */
const PAYS_WITH = {
  // A PayPal account (signed in on the approval page): one payer id.
  paypal: (approvalUrl: string, account: string) =>
    clickButton(approvalUrl, 'Pay now', { login_email: account }),
  // A test card that fingerprints as itself.
  checkout: (approvalUrl: string) =>
    clickButton(approvalUrl, 'Pay', { card_number: CHECKOUT_TEST_CARDS.approvedSameCard }),
} as const;

async function onSale(stock: number, cents = 1999) {
  const productId = await newProduct(t.db);
  const offer = await sell(t, seller, productId, { eur: cents, usd: cents, gbp: cents });
  await uploadKeys(t, seller, offer.id, freshCodes(stock));
  return productId;
}

const decided = (buyer: TestAccount, id: string) => settledOrder(t, buyer, id);

/** `buyer` buys their cart with `provider` paying as `account`; answers the decided order. */
async function buy(buyer: TestAccount, provider: PaymentProvider, account: string) {
  const res = await checkout(t, buyer, provider, {}, { cookie: AWIN_COOKIE });
  expect(res.status).toBe(201);
  const { orderId, approvalUrl } = CheckoutStartedSchema.parse(await res.json());
  const paid = await PAYS_WITH[provider](approvalUrl, account);
  expect(paid.status).toBe(303);
  await t.call('POST', `/api/user/checkout/${orderId}/complete`, {
    token: buyer.token,
    body: { cancelled: false },
  });
  return decided(buyer, orderId);
}

const orderDoc = async (id: string) =>
  (await t.db.collection<OrderDoc>('orders').findOne({ _id: new ObjectId(id) }))!;
const keysOf = (id: string) =>
  t.db
    .collection<KeyDoc>('keys')
    .find({ orderId: new ObjectId(id) })
    .toArray();
const ledgerOf = (id: string) =>
  t.db
    .collection<LedgerEntryDoc>('sellerLedger')
    .find({ orderId: new ObjectId(id) })
    .toArray();
const blocklist = () => t.db.collection<BlocklistDoc>('blocklist').find().toArray();
const chargebackAudits = async (id: string) =>
  (
    await t.db
      .collection('auditLog')
      .find({ action: 'order.chargeback', 'target.id': id })
      .toArray()
  ).map((doc) =>
    AuditEntrySchema.parse({ ...doc, id: doc._id.toHexString(), at: doc.at.toISOString() }),
  );

/** Where the sandbox takes the money of an order back (PayPal: its capture; Checkout.com: its payment). */
async function takeMoneyBack(provider: PaymentProvider, order: OrderDoc) {
  const base = t.paymentSandboxes.urls[provider]!;
  const url =
    provider === 'paypal'
      ? `${base}/sandbox/captures/${order.payment!.captureId}/reverse`
      : `${base}/sandbox/payments/${order.payment!.captureId}/chargeback`;
  const res = await fetch(url, { method: 'POST' });
  expect(res.ok).toBe(true);
}

/** Runs `run` with the sandboxes' webhooks sent to a receiver, so the test delivers them. */
async function withWebhooksHeld(run: (wait: (type: string) => Promise<Delivery>) => Promise<void>) {
  const receiver = await startWebhookReceiver();
  t.paymentSandboxes.setWebhookOrigin(new URL(receiver.url).origin);
  try {
    await run((type) => receiver.waitFor((d) => d.rawBody.includes(`"${type}"`)));
  } finally {
    t.paymentSandboxes.setWebhookOrigin(t.url);
    await receiver.close();
  }
}

const deliver = (provider: PaymentProvider, d: Delivery) =>
  fetch(`${t.url}/api/payments/webhooks/${provider}`, {
    method: 'POST',
    headers: Object.fromEntries(
      Object.entries(d.headers).filter(([k]) => k.startsWith('paypal-') || k.startsWith('cko-')),
    ),
    body: d.rawBody,
  });

async function awinCallsFor(number: string) {
  const calls = (await (await fetch(`${t.awin.sandbox!.url}/__received`)).json()) as Array<{
    path: string;
    body: unknown;
  }>;
  return calls.filter((c) => JSON.stringify(c.body).includes(`"${number}"`));
}

const EVENT = { paypal: 'PAYMENT.CAPTURE.REVERSED', checkout: 'payment_chargeback' } as const;

describe.each(PAYMENT_PROVIDERS)('a chargeback through %s', (provider) => {
  it('charges the delivered order back once: keys, ledger, Awin, blocklist, audit, admin', async () => {
    const productId = await onSale(3);
    const buyer = await buyerWith(t, seller, [{ productId, quantity: 2 }]);
    const account = `payer-${provider}-${Date.now()}@example.com`;
    const order = await buy(buyer, provider, account);
    expect(order.status).toBe('approved');
    const [seen, unseen] = order.items[0]!.keys;
    const reveal = await t.call('POST', `/api/user/orders/${order.id}/keys/${seen!.id}/reveal`, {
      token: buyer.token,
      body: { waiveWithdrawal: true },
    });
    expect(reveal.status).toBe(200);
    const paid = await orderDoc(order.id);
    expect(paid.payment!.instrument).toMatch(new RegExp(`^${provider}:`));

    await withWebhooksHeld(async (wait) => {
      await takeMoneyBack(provider, paid);
      const event = await wait(EVENT[provider]);
      expect((await deliver(provider, event)).status).toBe(200);
      // The provider delivers it again (a retry): nothing changes.
      expect((await deliver(provider, event)).status).toBe(200);
    });

    const mine = await orderOf(t, buyer, order.id);
    expect(mine.status).toBe('charged_back');
    expect(Object.fromEntries(mine.items[0]!.keys.map((k) => [k.id, k.status]))).toEqual({
      [seen!.id]: 'sold',
      [unseen!.id]: 'revoked',
    });
    // The key the buyer never saw is taken from them for good; the seen one stays revealed.
    const keys = await keysOf(order.id);
    expect(keys.find((k) => k._id.toHexString() === unseen!.id)!.status).toBe('revoked');
    expect(keys.find((k) => k._id.toHexString() === seen!.id)!.revealedAt).toBeInstanceOf(Date);

    const ledger = await ledgerOf(order.id);
    // The seller was credited the net (3998 less the default 5 % = 200 and 30 cents per line);
    // the chargeback takes back exactly that, and the marketplace's commission with it.
    expect(ledger.map((e) => [e.type, e.amountCents, e.commissionCents]).sort()).toEqual([
      ['chargeback', -3768, -230],
      ['sale', 3768, 230],
    ]);

    const listed = await blocklist();
    const byValue = (value: string) => listed.filter((e) => e.value === value);
    expect(byValue(buyer.email.toLowerCase())).toHaveLength(1);
    expect(byValue(paid.payment!.instrument!)).toMatchObject([
      { kind: 'instrument', addedBy: { actor: 'System', uid: null } },
    ]);

    const audits = await chargebackAudits(order.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actor: { uid: 'system' },
      reason: expect.stringContaining(EVENT[provider]),
    });

    const amendments = (await awinCallsFor(order.number)).filter((c) =>
      c.path.includes('/transactions/'),
    );
    expect(amendments).toHaveLength(1);
    expect(JSON.stringify(amendments[0]!.body)).toContain('decline');

    // In front of an admin: the console's "Charged back" tab.
    const tab = await t.call(
      'GET',
      `/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ status: 'charged_back' }))}`,
      { token: admin.token },
    );
    const rows = AdminOrderSchema.array().parse(await tab.json());
    expect(rows.find((r) => r.id === order.id)?.decisions.at(-1)).toMatchObject({
      status: 'charged_back',
      actor: 'System',
    });

    // The buyer's next order is refused by screening, and so is anyone paying with the instrument.
    const again = await onSale(2);
    await t.call('POST', '/api/cart/addToCart', {
      token: buyer.token,
      body: {
        transactionId: transactionId(),
        products: [{ productId: again, sellerId: seller.sellerId, quantity: 1 }],
      },
    });
    const next = await buy(buyer, provider, account);
    expect(next.status).toBe('declined_fraud');
    expect((await orderDoc(next.id)).decisions.at(-1)!.reason).toBe(
      'Declined by fraud screening: blocked email',
    );
    const other = await buyerWith(t, seller, [{ productId: again, quantity: 1 }]);
    const sameInstrument = await buy(other, provider, account);
    expect((await orderDoc(sameInstrument.id)).decisions.at(-1)!.reason).toBe(
      'Declined by fraud screening: blocked payment instrument',
    );
  });
});

describe('a chargeback a crash interrupted', () => {
  it('is settled by the payments job, once', async () => {
    const productId = await onSale(2);
    const buyer = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
    const order = await buy(buyer, 'paypal', `payer-crash-${Date.now()}@example.com`);
    expect(order.status).toBe('approved');
    // What the webhook wrote before the process died: the decision, none of its effects.
    const { orderService, payments, log } = paymentsWiring(t);
    await orderService.decide(
      await orderDoc(order.id),
      'charged_back',
      { actor: 'System', reason: 'Charged back by the payment provider: PAYMENT.CAPTURE.REVERSED' },
      {
        chargeback: {
          providerType: 'PAYMENT.CAPTURE.REVERSED',
          eventId: 'WH-CRASH',
          auditId: new ObjectId(),
        },
      },
    );
    expect((await keysOf(order.id)).map((k) => k.status)).toEqual(['sold']);

    const later = new Date(Date.now() + 3_600_000);
    for (let run = 0; run < 2; run++) {
      await reconcilePayments({ payments, afterMinutes: 1, log, now: later });
    }
    expect((await keysOf(order.id)).map((k) => k.status)).toEqual(['revoked']);
    expect((await ledgerOf(order.id)).filter((e) => e.type === 'chargeback')).toHaveLength(1);
    expect(await chargebackAudits(order.id)).toHaveLength(1);
    expect((await orderDoc(order.id)).chargeback!.settledAt).toBeInstanceOf(Date);
    const listed = (await blocklist()).filter((e) => e.value === buyer.email.toLowerCase());
    expect(listed).toHaveLength(1);
    expect(BlocklistEntrySchema.shape.addedBy.parse(listed[0]!.addedBy)).toEqual({
      actor: 'System',
      uid: null,
      email: null,
    });
  });
});
