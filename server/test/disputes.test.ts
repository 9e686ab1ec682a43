import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminDisputeSchema,
  CheckoutStartedSchema,
  OrderInvoicesSchema,
  PAYMENT_PROVIDERS,
  SellerBalanceSchema,
  type AdminDispute,
  type PaymentProvider,
} from '@market/shared';
import type { LedgerEntryDoc } from '../src/modules/ledger/ledger.repository.ts';
import type { OrderDoc } from '../src/modules/orders/order-doc.ts';
import {
  CHECKOUT_SANDBOX_CREDENTIALS,
  CHECKOUT_TEST_CARDS,
} from '../src/sandboxes/checkout-com/index.ts';
import { freshCodes, newProduct, sell, uploadKeys } from './fixtures.ts';
import { buyerWith, checkout, serviceContainer, settledOrder } from './checkout-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { clickButton, startWebhookReceiver, type Delivery } from './payments-helpers.ts';

/**
 * Disputes end to end through each provider's sandbox, over real HTTP: a delivered order whose
 * key the buyer revealed (waiving the right of withdrawal), the sandbox opens a dispute (the
 * money is charged back), the shop sends its evidence through the provider's dispute API, the
 * sandbox decides by its documented rules, and the sellers' ledger follows: a won dispute gives
 * back what the chargeback took, once, a lost one leaves it taken.
 */

let t: TestServer;
let seller: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  t = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  [seller, admin] = await Promise.all([t.account('seller'), t.account('admin')]);
});
afterAll(() => t.close());

const PAYS_WITH = {
  paypal: (approvalUrl: string) =>
    clickButton(approvalUrl, 'Pay now', { login_email: `payer-${Date.now()}@example.com` }),
  checkout: (approvalUrl: string) =>
    clickButton(approvalUrl, 'Pay', { card_number: CHECKOUT_TEST_CARDS.approved }),
} as const;

/** The provider's events of a dispute's lifecycle, as their deliveries name them. */
const EVENTS = {
  paypal: {
    chargeback: 'PAYMENT.CAPTURE.REVERSED',
    opened: 'CUSTOMER.DISPUTE.CREATED',
    won: 'CUSTOMER.DISPUTE.RESOLVED',
    lost: 'CUSTOMER.DISPUTE.RESOLVED',
  },
  checkout: {
    chargeback: 'payment_chargeback',
    opened: 'dispute_received',
    won: 'dispute_won',
    lost: 'dispute_lost',
  },
} as const;

/** A reason each provider's sandbox always decides against the seller. */
const LOSING = { paypal: { reason: 'DUPLICATE_TRANSACTION' }, checkout: { category: 'duplicate' } };

const orderDoc = async (id: string) =>
  (await t.db.collection<OrderDoc>('orders').findOne({ _id: new ObjectId(id) }))!;
const ledgerOf = (id: string) =>
  t.db
    .collection<LedgerEntryDoc>('sellerLedger')
    .find({ orderId: new ObjectId(id) })
    .toArray();
/** What the order's sale credited its seller (price less commission). */
const saleNet = async (id: string) =>
  (await ledgerOf(id)).find((e) => e.type === 'sale')!.amountCents;
const pendingEur = async () => {
  const res = await t.call('GET', '/api/seller/balance', { token: seller.token });
  return SellerBalanceSchema.parse(await res.json()).eur.pendingCents;
};

/** Each order's buyer, to read what the buyer sees of it (the invoice). */
const buyerOf = new Map<string, TestAccount>();

/** A delivered order of one key, revealed by its buyer (the withdrawal waiver with it). */
async function revealedOrder(provider: PaymentProvider) {
  const productId = await newProduct(t.db);
  const offer = await sell(t, seller, productId, { eur: 1999, usd: 1999, gbp: 1999 });
  await uploadKeys(t, seller, offer.id, freshCodes(1));
  const buyer = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
  // Signed in as on the storefront: the shop's profile (account age, verified email) is written.
  expect((await t.call('POST', '/api/login', { token: buyer.token })).status).toBe(204);
  const res = await checkout(t, buyer, provider, {});
  expect(res.status).toBe(201);
  const { orderId, approvalUrl } = CheckoutStartedSchema.parse(await res.json());
  expect((await PAYS_WITH[provider](approvalUrl)).status).toBe(303);
  await t.call('POST', `/api/user/checkout/${orderId}/complete`, {
    token: buyer.token,
    body: { cancelled: false },
  });
  const order = await settledOrder(t, buyer, orderId);
  expect(order.status).toBe('approved');
  const key = order.items[0]!.keys[0]!;
  const reveal = await t.call('POST', `/api/user/orders/${orderId}/keys/${key.id}/reveal`, {
    token: buyer.token,
    body: { waiveWithdrawal: true },
  });
  expect(reveal.status).toBe(200);
  buyerOf.set(orderId, buyer);
  return orderDoc(orderId);
}

/** The order's invoice as its buyer downloads it: number and PDF bytes. */
async function invoiceOf(orderId: string) {
  const token = buyerOf.get(orderId)!.token;
  const numbers = await t.call('GET', `/api/user/orders/${orderId}/invoices`, { token });
  const { invoice } = OrderInvoicesSchema.parse(await numbers.json());
  const pdf = await t.call('GET', `/api/user/orders/${orderId}/invoice`, { token });
  expect(pdf.status).toBe(200);
  return { number: invoice!, bytes: new Uint8Array(await pdf.arrayBuffer()) };
}

/** Checkout.com's API with the sandbox's secret key. */
const ckoGet = async (path: string) => {
  const res = await fetch(`${t.paymentSandboxes.urls.checkout!}${path}`, {
    headers: { authorization: `Bearer ${CHECKOUT_SANDBOX_CREDENTIALS.secretKey}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
};

/**
 * The invoice file the provider holds with the seller's evidence, read from its own API: PayPal's
 * dispute view names it in the proof of fulfilment's documents; Checkout.com's evidence names
 * the uploaded file's id, whose metadata says what it is.
 */
async function invoiceAtProvider(provider: PaymentProvider, disputeId: string) {
  if (provider === 'checkout') {
    const evidence = await ckoGet(`/disputes/${disputeId}/evidence`);
    const file = await ckoGet(`/files/${String(evidence.invoice_or_receipt_file)}`);
    return {
      text: evidence.invoice_or_receipt_text,
      name: file.filename,
      purpose: file.purpose,
      size: file.size,
      type: file.sandbox_content_type,
    };
  }
  const view = JSON.parse(await evidenceAtProvider(provider, disputeId)) as {
    evidences: Array<{ evidence_type: string; documents?: Array<Record<string, unknown>> }>;
  };
  const proof = view.evidences.find((e) => e.evidence_type === 'PROOF_OF_FULFILLMENT')!;
  const [doc, ...more] = proof.documents ?? [];
  expect(more).toHaveLength(0);
  return { name: doc?.name, size: doc?.sandbox_size, type: doc?.sandbox_content_type };
}

/** The sandbox's test control: the buyer's bank disputes the payment of `order`. */
async function openDispute(provider: PaymentProvider, order: OrderDoc, body: object = {}) {
  const base = t.paymentSandboxes.urls[provider]!;
  const url =
    provider === 'paypal'
      ? `${base}/sandbox/captures/${order.payment!.captureId}/dispute`
      : `${base}/sandbox/payments/${order.payment!.captureId}/dispute`;
  const res = await fetch(url, { method: 'POST', body: JSON.stringify(body) });
  expect(res.status).toBe(201);
  const d = (await res.json()) as { dispute_id?: string; id?: string };
  return (d.dispute_id ?? d.id)!;
}

/** What the provider holds as the seller's evidence, read from its own API. */
async function evidenceAtProvider(provider: PaymentProvider, disputeId: string): Promise<string> {
  const base = t.paymentSandboxes.urls[provider]!;
  if (provider === 'checkout') {
    const res = await fetch(`${base}/disputes/${disputeId}/evidence`, {
      headers: { authorization: `Bearer ${CHECKOUT_SANDBOX_CREDENTIALS.secretKey}` },
    });
    return JSON.stringify(await res.json());
  }
  const dispute = await t.container.deps.payments.paypal.getDispute(disputeId);
  expect(dispute.status).not.toBe('needs_response');
  // The evidences themselves: PayPal's dispute view lists them with their notes.
  const token = await (
    await fetch(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('sandbox-paypal-client:sandbox-paypal-secret').toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    })
  ).json();
  const res = await fetch(`${base}/v1/customer/disputes/${disputeId}`, {
    headers: { authorization: `Bearer ${(token as { access_token: string }).access_token}` },
  });
  return JSON.stringify((await res.json()) as unknown);
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

const deliver = async (provider: PaymentProvider, d: Delivery) => {
  const res = await fetch(`${t.url}/api/payments/webhooks/${provider}`, {
    method: 'POST',
    headers: Object.fromEntries(
      Object.entries(d.headers).filter(([k]) => k.startsWith('paypal-') || k.startsWith('cko-')),
    ),
    body: d.rawBody,
  });
  expect(res.status).toBe(200);
};

async function adminDisputesOf(orderId: string): Promise<AdminDispute[]> {
  const res = await t.call('GET', '/api/admin/disputes?sort=["createdAt","DESC"]&range=[0,99]', {
    token: admin.token,
  });
  expect(res.status).toBe(200);
  return AdminDisputeSchema.array()
    .parse(await res.json())
    .filter((d) => d.orderId === orderId);
}

describe.each(PAYMENT_PROVIDERS)('a dispute through %s', (provider) => {
  const events = EVENTS[provider];

  it('is answered with the evidence, won, and the ledger restored once', async () => {
    const order = await revealedOrder(provider);
    const id = order._id.toHexString();
    const before = await pendingEur();
    let disputeId = '';
    await withWebhooksHeld(async (wait) => {
      disputeId = await openDispute(provider, order);
      await deliver(provider, await wait(events.chargeback));
      expect(await pendingEur()).toBe(before - (await saleNet(id)));
      const opened = await wait(events.opened);
      // Delivered twice (a provider retry): one dispute, one submission.
      await deliver(provider, opened);
      await deliver(provider, opened);
      const decided = await wait(events.won);
      await deliver(provider, decided);
      await deliver(provider, decided);
    });

    const sent = await evidenceAtProvider(provider, disputeId);
    const keyDoc = (await t.db.collection('keys').findOne({ orderId: order._id }))!;
    const revealedAt = (keyDoc.revealedAt as Date).toISOString();
    expect(sent).toContain(`Delivered at: ${order.deliveredAt!.toISOString()}`);
    expect(sent).toContain(`Key revealed at: ${revealedAt}`);
    expect(sent).toContain(`Withdrawal waiver accepted at: ${revealedAt}`);
    expect(sent).toContain(order.number);
    // The order's VAT evidence doubles as the card-not-present answer: where the buyer said they
    // live, where their card is from, where they ordered from.
    const { billing, payment } = order.tax!.evidence;
    expect(payment).toBe(billing);
    expect(sent).toContain(
      `Billing country stated: ${billing}; payment instrument from: ${payment}; client address in: not reported`,
    );

    const [dispute, ...more] = await adminDisputesOf(id);
    expect(more).toHaveLength(0);
    expect(dispute).toMatchObject({
      provider,
      disputeId,
      orderNumber: order.number,
      amountCents: 1999,
      currency: 'eur',
      status: 'won',
      attempts: 0,
      lastError: null,
    });
    expect(dispute!.dueAt).not.toBeNull();
    expect(dispute!.outcome).toMatch(provider === 'paypal' ? /RESOLVED_SELLER_FAVOUR/ : /^won/);
    expect(new Set(dispute!.events).size).toBe(dispute!.events.length);
    expect(dispute!.events).toHaveLength(2);
    expect(dispute!.evidence).toMatchObject({
      order: {
        number: order.number,
        ip: order.ip,
        countries: { billing, payment, address: null },
      },
      account: { email: order.email, emailVerified: true },
      delivery: { deliveredAt: order.deliveredAt!.toISOString(), keys: [{ revealedAt }] },
    });
    expect(dispute!.evidence!.account.createdAt).not.toBeNull();
    expect(dispute!.evidence!.mails.map((m) => m.kind)).toContain('order-delivered');
    expect(dispute!.ledgerRestoredAt).not.toBeNull();

    // The invoice went with the text, as a PDF file the provider holds: the buyer's own bytes.
    const invoice = await invoiceOf(id);
    const filename = `invoice-${invoice.number}.pdf`;
    expect(dispute!.evidence!.files).toEqual([
      { kind: 'invoice', number: invoice.number, filename },
    ]);
    expect(await invoiceAtProvider(provider, disputeId)).toEqual({
      name: filename,
      size: invoice.bytes.length,
      type: 'application/pdf',
      ...(provider === 'checkout' && {
        purpose: 'dispute_evidence',
        text: `Invoice ${invoice.number} (PDF)`,
      }),
    });

    // The seller has back what the chargeback took, once however often the events came.
    const net = await saleNet(id);
    const ledger = await ledgerOf(id);
    expect(ledger.map((e) => [e.type, e.amountCents]).sort()).toEqual([
      ['chargeback', -net],
      ['dispute_won', net],
      ['sale', net],
    ]);
    expect(await pendingEur()).toBe(before);
    const one = await t.call('GET', `/api/admin/disputes/${encodeURIComponent(dispute!.id)}`, {
      token: admin.token,
    });
    expect(AdminDisputeSchema.parse(await one.json()).status).toBe('won');
  });

  it('is lost on a reason the evidence cannot answer, and the chargeback stands', async () => {
    const order = await revealedOrder(provider);
    const id = order._id.toHexString();
    // An order paid before invoices existed has none: its evidence goes as text only.
    await t.db.collection('invoices').deleteOne({ orderId: order._id, kind: 'invoice' });
    const before = await pendingEur();
    let disputeId = '';
    await withWebhooksHeld(async (wait) => {
      disputeId = await openDispute(provider, order, LOSING[provider]);
      await deliver(provider, await wait(events.chargeback));
      await deliver(provider, await wait(events.opened));
      await deliver(provider, await wait(events.lost));
    });
    const [dispute] = await adminDisputesOf(id);
    expect(dispute).toMatchObject({ status: 'lost', ledgerRestoredAt: null });
    expect(dispute!.evidenceSentAt).not.toBeNull();
    expect(dispute!.evidence!.files).toEqual([]);
    const sent = await evidenceAtProvider(provider, disputeId);
    expect(sent).not.toMatch(/documents|invoice_or_receipt/);
    expect((await ledgerOf(id)).map((e) => e.type).sort()).toEqual(['chargeback', 'sale']);
    expect(await pendingEur()).toBe(before - (await saleNet(id)));
  });
});

describe('three instances hearing the same dispute', () => {
  it('send the evidence once, and the won dispute restores the ledger once', async () => {
    const order = await revealedOrder('checkout');
    const id = order._id.toHexString();
    const instances = [serviceContainer(t), serviceContainer(t), serviceContainer(t)];
    await withWebhooksHeld(async (wait) => {
      await openDispute('checkout', order);
      await deliver('checkout', await wait(EVENTS.checkout.chargeback));
      const opened = await wait(EVENTS.checkout.opened);
      // Each instance verifies and handles the same event at once (as after a redelivery race).
      const event = await t.container.deps.payments.checkout.verifyWebhook(
        opened.headers,
        opened.rawBody,
      );
      expect(event?.type).toBe('dispute');
      await Promise.all(instances.map((c) => c.disputes.received(event!)));
      const decided = await wait(EVENTS.checkout.won);
      const won = await t.container.deps.payments.checkout.verifyWebhook(
        decided.headers,
        decided.rawBody,
      );
      await Promise.all(instances.map((c) => c.disputes.received(won!)));
    });
    const sent = await t.db
      .collection('auditLog')
      .countDocuments({ action: 'dispute.evidence', 'target.id': id });
    expect(sent).toBe(1);
    const [dispute] = await adminDisputesOf(id);
    expect(dispute).toMatchObject({ status: 'won', attempts: 0, lastError: null });
    expect((await ledgerOf(id)).filter((e) => e.type === 'dispute_won')).toHaveLength(1);
  });
});

describe('a dispute decided before its chargeback arrived', () => {
  it('waits for the chargeback, then gives the money back; a lapsed one sends nothing', async () => {
    const order = await revealedOrder('paypal');
    const id = order._id.toHexString();
    const before = await pendingEur();
    await withWebhooksHeld(async (wait) => {
      await openDispute('paypal', order);
      const chargeback = await wait(EVENTS.paypal.chargeback);
      // The dispute's events overtake the reversal (providers send in any order).
      await deliver('paypal', await wait(EVENTS.paypal.opened));
      await deliver('paypal', await wait(EVENTS.paypal.won));
      const [waiting] = await adminDisputesOf(id);
      expect(waiting).toMatchObject({ status: 'won', ledgerRestoredAt: null, attempts: 1 });
      expect(waiting!.lastError).toMatch(/chargeback/);
      expect((await ledgerOf(id)).map((e) => e.type)).toEqual(['sale']);
      await deliver('paypal', chargeback);
    });
    const [restored] = await adminDisputesOf(id);
    expect(restored!.ledgerRestoredAt).not.toBeNull();
    expect((await ledgerOf(id)).map((e) => e.type).sort()).toEqual([
      'chargeback',
      'dispute_won',
      'sale',
    ]);
    expect(await pendingEur()).toBe(before);

    // A dispute whose response date passed before the shop heard of it: lost, nothing sent.
    const late = await revealedOrder('paypal');
    await withWebhooksHeld(async (wait) => {
      const disputeId = await openDispute('paypal', late);
      await deliver('paypal', await wait(EVENTS.paypal.chargeback));
      const opened = await wait(EVENTS.paypal.opened);
      const base = t.paymentSandboxes.urls.paypal!;
      expect(
        (await fetch(`${base}/sandbox/disputes/${disputeId}/expire`, { method: 'POST' })).ok,
      ).toBe(true);
      await deliver('paypal', opened);
    });
    const [lapsed] = await adminDisputesOf(late._id.toHexString());
    expect(lapsed).toMatchObject({ status: 'lost', evidence: null, evidenceSentAt: null });
    expect(lapsed!.outcome).toMatch(/RESOLVED_BUYER_FAVOUR.*due date/);
  });
});
